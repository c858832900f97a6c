/**
 * The counts from before the site measured them (CLAIMS_BASELINE_FILE): handled damages and
 * satisfaction answers over a period, with where they come from. Read and checked once at start;
 * a file that does not fit stops the server with one line naming the file and the field.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';

const count = (what: string) =>
  z
    .number({ error: `must be a whole number of ${what}, 0 or more` })
    .int({ error: `must be a whole number of ${what}, 0 or more` })
    .min(0, { error: `must be a whole number of ${what}, 0 or more` });
const day = z.iso.date({ error: 'must be a day written YYYY-MM-DD' });

export const claimsBaselineSchema = z
  .strictObject(
    {
      handledCases: count('damages'),
      answers: count('answers'),
      satisfiedAnswers: count('answers'),
      period: z.strictObject({ from: day, to: day }, { error: 'must be { "from": day, "to": day }' }),
      source: z.string({ error: 'must say where the counts come from' }).trim().min(1, {
        error: 'must say where the counts come from',
      }),
    },
    { error: 'must be a JSON object' },
  )
  .superRefine((baseline, ctx) => {
    if (baseline.satisfiedAnswers > baseline.answers)
      ctx.addIssue({ code: 'custom', path: ['satisfiedAnswers'], message: 'must not be more than answers' });
    if (baseline.period.from > baseline.period.to)
      ctx.addIssue({ code: 'custom', path: ['period', 'to'], message: 'must not be before period.from' });
  });

/**
 * The counts up to and including the Copenhagen day `period.to`; the site counts from the day
 * after it, so nothing is counted twice.
 */
export type ClaimsBaseline = z.infer<typeof claimsBaselineSchema>;

/** The baseline in `file`, or the line that says what is wrong with it. */
export function readClaimsBaseline(
  file: string,
): { baseline: ClaimsBaseline; problem?: never } | { problem: string; baseline?: never } {
  const setting = 'CLAIMS_BASELINE_FILE';
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return {
      problem: `${setting}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { problem: `${setting}: ${file} is not JSON (${(error as Error).message})` };
  }
  const parsed = claimsBaselineSchema.safeParse(json);
  if (parsed.success) return { baseline: parsed.data };
  const issue = parsed.error.issues[0]!;
  const field =
    issue.code === 'unrecognized_keys'
      ? [...issue.path, issue.keys[0]].join('.')
      : issue.path.join('.') || 'the file';
  const message = issue.code === 'unrecognized_keys' ? 'is not a field of the baseline' : issue.message;
  return { problem: `${setting}: ${file}: ${field} ${message}` };
}
