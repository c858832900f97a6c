import { z } from 'zod';

/**
 * Four quick questions on the emergency form that say who must be called first. Each is answered
 * `ja` or `nej`, or left out; the answers give the lead its priority.
 */
export const triageQuestions = {
  personfare: 'Er der fare for personer – fx vand ved el-installationer, risiko for nedstyrtning?',
  kloakvand: 'Er der kloakvand?',
  ubeboelig: 'Kan I ikke blive boende?',
  saarbare: 'Bor der ældre, små børn eller syge?',
} as const;

export type TriageQuestion = keyof typeof triageQuestions;
export const triageQuestionNames = Object.keys(triageQuestions) as TriageQuestion[];

export const triageAnswers = ['ja', 'nej'] as const;
export type TriageAnswer = (typeof triageAnswers)[number];
export const triageAnswerLabels: Record<TriageAnswer, string> = { ja: 'Ja', nej: 'Nej' };

export const triageInvalidMessage = 'Svar ja eller nej';

/** One question's answer: `ja`, `nej`, or nothing (an empty value from a plain form is nothing). */
const triageField = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.enum(triageAnswers, { error: triageInvalidMessage }).optional(),
);

export const triageFields = {
  personfare: triageField,
  kloakvand: triageField,
  ubeboelig: triageField,
  saarbare: triageField,
};

export type Triage = Partial<Record<TriageQuestion, TriageAnswer>>;

/** Who is called first: a danger to people, then sewage, an unliveable home or vulnerable people. */
export const leadPriorities = ['kritisk', 'hoej', 'normal'] as const;
export type LeadPriority = (typeof leadPriorities)[number];

export const leadPriorityLabels: Record<LeadPriority, string> = {
  kritisk: 'Kritisk',
  hoej: 'Høj',
  normal: 'Normal',
};

/** Rank for ordering: the most urgent first. */
export const leadPriorityRank: Record<LeadPriority, number> = { kritisk: 0, hoej: 1, normal: 2 };

/** A lead's priority from its triage answers (a lead without answers is `normal`). */
export function leadPriority(triage: Triage): LeadPriority {
  if (triage.personfare === 'ja') return 'kritisk';
  if (triage.kloakvand === 'ja' || triage.ubeboelig === 'ja' || triage.saarbare === 'ja') return 'hoej';
  return 'normal';
}
