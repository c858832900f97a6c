/** The lead page's first report to the insurer (app/components/inbox/lead/casework/report-section.tsx). */
export const inboxReportText = {
  heading: 'Rapport til forsikringsselskabet',
  intro: 'Rapporten laves af det, der er registreret på sagen: milepæle, fugtmålinger, billeder og frister.',
  download: 'Hent rapport (PDF)',
  claimsAddress: (address: string) => `Sendes til forsikringsselskabets skadeadresse: ${address}`,
  noClaimsAddress:
    'Forsikringsselskabet har ingen skade-e-mail registreret. Skriv mindst én modtager nedenfor.',
  recipientsLabel: 'Flere modtagere',
  recipientsHint: 'Fx taksatorens e-mail. Adskil flere adresser med komma (højst 5).',
  send: 'Send rapport',
  sending: 'Sender …',
  sent: (recipients: readonly string[]) => `Rapporten er sendt til ${recipients.join(', ')}.`,
  listHeading: 'Sendte rapporter',
  none: 'Der er ikke sendt nogen rapport endnu.',
  loading: 'Henter sendte rapporter …',
  loadFailed: 'De sendte rapporter kunne ikke hentes. Genindlæs siden for at prøve igen.',
  columns: { sentAt: 'Sendt', to: 'Til', by: 'Sendt af', file: 'Rapport' },
  open: 'Hent PDF',
  openLabel: (when: string) => `Hent rapporten sendt ${when} (PDF)`,
} as const;
