/** The clocks' Danish words for staff: the morning reminder that a first report is due. */
import { formatDanishDateTime } from '../../mail/html.ts';

export const reportReminderText = {
  subject: (reference: string, insurer: string | null) =>
    `Rapport forfalden i dag: ${reference}${insurer ? ` (${insurer})` : ''}`,
  intro: (reference: string, insurer: string | null, damageStopAt: Date, dueAt: Date) =>
    `Den første rapport til ${insurer ?? 'forsikringsselskabet'} for ${reference} skal sendes i dag, senest ${formatDanishDateTime(new Date(dueAt.getTime() - 60_000))}. Skaden blev stoppet ${formatDanishDateTime(damageStopAt)}. Når rapporten er sendt, står det på sagen.`,
  open: 'Åbn sagen i indbakken',
} as const;
