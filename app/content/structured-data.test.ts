import { describe, expect, it, vi } from 'vitest';
import { company } from '../../domain/company';
import { businessStructuredData, structuredDataJson } from '~/content/structured-data';

// The build defines the public origin (vite.config.ts); vitest does not.
vi.hoisted(() => {
  (globalThis as { __PUBLIC_URL__?: string }).__PUBLIC_URL__ = 'https://skade.example';
});

describe('the business as structured data', () => {
  it('names the emergency line, open around the clock, and the office hours', () => {
    const emergency = businessStructuredData.contactPoint.find((point) => point.contactType === 'emergency');
    expect(emergency?.telephone).toBe(company.phoneE164);
    expect(emergency?.hoursAvailable.dayOfWeek).toHaveLength(7);
    expect(businessStructuredData.openingHours).toBe('Mo-Fr 08:00-17:00');
    expect(businessStructuredData.areaServed.name).toBe('Danmark');
    expect(businessStructuredData.url).toBe('https://skade.example/');
  });

  it('cannot close its script element, whatever the text', () => {
    const json = structuredDataJson({ name: '</script><script>alert(1)</script>' });
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});
