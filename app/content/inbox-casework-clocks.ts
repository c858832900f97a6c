/**
 * The inbox's words for a case's clocks: the list's next deadline and its filters "Rapport
 * forfalden" and "Fugtmåling forfalden", and the lead page's milestones and deadlines.
 */
import { clockLabels, type ClockKind } from '../../domain/case-clocks';
import { milestoneLabels, staffMilestoneKinds } from '../../domain/milestones';

export const caseClockText = {
  /** The list's next deadline; `when` as the first-answer deadline writes it ('14:20', 'man. 24:00'). */
  next: {
    due: {
      'paa-adressen': (when: string) => `På adressen inden ${when}`,
      'rapport-sendt': (when: string) => `Rapport inden ${when}`,
      fugtmaaling: (when: string) => `Fugtmåling inden ${when}`,
    },
    overdue: {
      'paa-adressen': (when: string) => `På adressen ${when} – overskredet`,
      'rapport-sendt': (when: string) => `Rapport forfalden ${when}`,
      fugtmaaling: (when: string) => `Fugtmåling forfalden ${when}`,
    },
  } satisfies Record<'due' | 'overdue', Record<ClockKind, (when: string) => string>>,
  filter: {
    label: 'Frister',
    all: 'Alle sager',
    options: [
      { value: 'rapport-sendt', label: 'Rapport forfalden' },
      { value: 'fugtmaaling', label: 'Fugtmåling forfalden' },
    ],
  },
  section: {
    heading: 'Milepæle og frister',
    deadlinesHeading: 'Frister',
    noDeadlines:
      'Ingen frister løber endnu. De starter ved opringningen, besigtigelsen, skadestop og affugtning.',
    clockLabels,
    dueAt: (when: string) => `senest ${when}`,
    met: (when: string) => `Overholdt ${when}`,
    metLate: (when: string) => `Nået for sent ${when}`,
    missed: 'Overskredet',
    open: 'Åben',
    milestonesHeading: 'Milepæle',
    noMilestones: 'Ingen milepæle registreret endnu.',
    milestoneLabels,
    by: (name: string) => `af ${name}`,
    bySystem: 'af systemet',
    withdrawn: 'Trukket tilbage',
    withdraw: 'Træk tilbage',
    withdrawLabel: (label: string, when: string) => `Træk milepælen ${label} ${when} tilbage`,
    withdrawnDone: (label: string) => `Milepælen ${label} er trukket tilbage.`,
    eta: (eta: string) => `forventet kl. ${eta.replace(':', '.')}`,
    drying: (affugtere: unknown, days: unknown) =>
      `${String(affugtere)} affugtere, forventet ca. ${String(days)} dage`,
    loading: 'Henter milepæle …',
  },
  form: {
    heading: 'Registrér en milepæl',
    kind: 'Milepæl',
    kinds: staffMilestoneKinds.map((kind) => ({ value: kind, label: milestoneLabels[kind] })),
    at: 'Tidspunkt',
    atHint: 'Dansk tid. Tomt: nu.',
    eta: 'Forventet ankomst (TT:MM)',
    affugtere: 'Antal affugtere',
    forventetDage: 'Forventet affugtning (dage)',
    note: 'Note (valgfri)',
    notify: 'Fortæl kunden (SMS/e-mail)',
    save: 'Registrér',
    saving: 'Gemmer …',
    saved: (label: string) => `Milepælen ${label} er registreret.`,
  },
} as const;
