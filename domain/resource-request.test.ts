import { describe, expect, it } from 'vitest';
import { controlCharacterMessage, fieldErrors } from './fields.ts';
import {
  checkResourceRequest,
  resourceRequestLeadSchema,
  resourceRequestSuccessDescription,
} from './resource-request.ts';
import { definiteResourceType, findResourceByTitle, resourceCatalogue } from './resources.ts';

const values = { fullName: 'Lars Berg', email: 'lars@example.dk', phone: '22 34 56 78', companyName: '' };

describe("the resource dialog's own checks", () => {
  it('passes a complete request', () => {
    expect(checkResourceRequest(values)).toBeNull();
  });

  it.each(['fullName', 'email', 'phone'] as const)(
    'asks for the required fields when %s is blank',
    (field) => {
      expect(checkResourceRequest({ ...values, [field]: '   ' })).toEqual({
        title: 'Udfyld påkrævede felter',
        description: 'Navn, e-mail og telefonnummer skal udfyldes.',
      });
    },
  );

  it.each(['lars', 'lars@example', '@.'])('refuses the e-mail %j', (email) => {
    expect(checkResourceRequest({ ...values, email })).toEqual({
      title: 'Ugyldig e-mail',
      description: 'Indtast venligst en gyldig e-mail adresse.',
    });
  });

  it('names what will be sent in its definite form', () => {
    expect(resourceRequestSuccessDescription('E-bog')).toBe('Vi sender dig e-bogen på e-mail snarest.');
    expect(resourceRequestSuccessDescription('Tjekliste')).toBe(
      'Vi sender dig tjeklisten på e-mail snarest.',
    );
  });
});

describe('resource catalogue', () => {
  it('holds the e-book and the checklist', () => {
    expect(resourceCatalogue.map(({ title, type }) => ({ title, type }))).toEqual([
      { title: '10 konkrete tips til en værdiredningsplan', type: 'E-bog' },
      { title: 'Er du klar til skybrud?', type: 'Tjekliste' },
    ]);
    expect(findResourceByTitle('Er du klar til skybrud?')?.fileName).toBe('skybrud-tjekliste.pdf');
  });

  it('names each type in its definite form', () => {
    expect(definiteResourceType('E-bog')).toBe('e-bogen');
    expect(definiteResourceType('Tjekliste')).toBe('tjeklisten');
    expect(definiteResourceType('Plakat')).toBe('ressourcen');
  });
});

describe('resource request lead schema', () => {
  const body = {
    kind: 'ressource',
    ...values,
    resourceTitle: 'Er du klar til skybrud?',
    resourceType: 'Tjekliste',
  };

  it('accepts a request and normalises the phone', () => {
    expect(resourceRequestLeadSchema.parse(body)).toEqual({
      ...body,
      phone: '+4522345678',
      companyName: undefined,
    });
  });

  it('accepts a foreign phone number', () => {
    expect(resourceRequestLeadSchema.parse({ ...body, phone: '+46 70 123 45 67' }).phone).toBe(
      '+46701234567',
    );
  });

  it('keeps a company name', () => {
    expect(resourceRequestLeadSchema.parse({ ...body, companyName: ' Berg ApS ' }).companyName).toBe(
      'Berg ApS',
    );
    expect(resourceRequestLeadSchema.parse({ ...body, companyName: null }).companyName).toBeUndefined();
  });

  it('refuses a resource that is not in the catalogue or a mismatched type', () => {
    expect(
      fieldErrors(resourceRequestLeadSchema.safeParse({ ...body, resourceTitle: 'Gratis bog' }).error!),
    ).toEqual({
      resourceTitle: 'Ukendt ressource',
    });
    expect(
      fieldErrors(resourceRequestLeadSchema.safeParse({ ...body, resourceType: 'E-bog' }).error!),
    ).toEqual({
      resourceType: 'Ukendt ressourcetype',
    });
  });

  it('names each missing or invalid field', () => {
    const errors = fieldErrors(
      resourceRequestLeadSchema.safeParse({ ...body, fullName: '', email: 'nope', phone: 'abc' }).error!,
    );
    expect(errors).toEqual({
      fullName: 'Navn, e-mail og telefonnummer skal udfyldes.',
      email: 'Indtast venligst en gyldig e-mail adresse.',
      phone: 'Indtast et gyldigt telefonnummer',
    });
  });

  it('refuses control characters', () => {
    expect(
      fieldErrors(resourceRequestLeadSchema.safeParse({ ...body, fullName: 'Lars\u0008' }).error!),
    ).toEqual({
      fullName: controlCharacterMessage,
    });
  });
});
