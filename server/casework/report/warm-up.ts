/**
 * A made-up report drawn once after the server starts and thrown away. The first report a process
 * draws also parses the fonts and compiles the PDF library's drawing, font and image code: the
 * staff member who asks first would wait for that. Drawn in the background after the server
 * listens (server/casework/report-routes.ts), it never delays readiness; nothing of it is kept.
 */
import { renderReportPdf } from './report-pdf.ts';
import type { ReportFacts } from './report-facts.ts';

/** The smallest PNG there is (1×1): the image code is compiled too. */
const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

function warmUpFacts(now: Date): ReportFacts {
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
  return {
    lead: {
      id: '00000000-0000-4000-8000-000000000000',
      kind: 'akut-skade',
      reference: 'SK-000000',
      name: 'Prøve',
      phone: null,
      createdAt: hoursAgo(30),
      calledBackAt: hoursAgo(29),
      details: { skadetype: 'vandskade', besked: 'Prøve' },
    },
    insurer: null,
    milestones: [
      { kind: 'skadestop', at: hoursAgo(28), by: null, note: 'Prøve', details: {} },
      {
        kind: 'affugtning-startet',
        at: hoursAgo(27),
        by: null,
        note: null,
        details: { affugtere: 1, forventetDage: 7 },
      },
    ],
    readings: [26, 20].map((value, index) => ({
      room: 'Rum',
      point: 'Punkt',
      value,
      unit: 'pct' as const,
      method: null,
      material: null,
      target: 12,
      at: hoursAgo(26 - index * 24),
    })),
    photos: [
      {
        objectKey: 'warm-up.png',
        contentType: 'image/png',
        bytes: onePixelPng.length,
        originalName: null,
        at: hoursAgo(28),
      },
    ],
    deadlines: [{ kind: 'rapport-sendt', dueAt: hoursAgo(-10), metAt: null }],
  };
}

/** Draws the made-up report; its bytes are dropped. */
export async function warmUpReportPdf(now = new Date()): Promise<void> {
  await renderReportPdf(
    {
      storage: {
        get: async () => ({ body: onePixelPng, contentType: 'image/png' }),
        signedReadUrl: async () => '',
      },
      now: () => now,
    },
    warmUpFacts(now),
  );
}
