import { z } from 'zod';
import { clockKinds } from '../case-clocks.ts';
import { milestoneKinds, milestoneMessages } from '../milestones.ts';
import { instant, leadId } from './shared.ts';

/**
 * /api/staff/leads/:id/milestones: the case's milestones (domain/milestones.ts) and the clocks
 * computed from them (domain/case-clocks.ts). A withdrawn milestone is listed with `withdrawnAt`
 * (the lead's history shows the correction) and counts nowhere.
 */
export const milestoneBody = z.object({
  kind: z.enum(milestoneKinds, { error: milestoneMessages.kind }),
  /** When it happened; default now. Never in the future (5 minutes' slack), never before the lead came in. */
  at: z.iso.datetime({ offset: true, error: 'Skriv tidspunktet som en gyldig dato og tid.' }).optional(),
  note: z.string({ error: milestoneMessages.note }).max(2000, { error: milestoneMessages.note }).optional(),
  /** The kind's details (domain/milestones.ts `milestoneDetails`), checked by kind on the server. */
  details: z
    .record(z.string(), z.unknown(), {
      error: 'Skriv milepælens oplysninger som felter, fx { "eta": "14:20" }.',
    })
    .optional(),
  /** For `paa-vej` and `skadestop`: tell the customer by SMS/e-mail too (default true). */
  notifyCustomer: z.boolean({ error: 'Vælg, om kunden skal have besked (ja eller nej).' }).optional(),
});

/** DELETE /api/staff/leads/:id/milestones/:milestoneId: withdraws a milestone recorded by mistake. */
export const milestoneParams = z.object({
  id: leadId,
  milestoneId: z.uuid({ error: 'Milepælen findes ikke.' }),
});

export const milestone = z.object({
  id: z.uuid(),
  kind: z.enum(milestoneKinds),
  at: instant,
  /** Who recorded it (the staff member's name as it was then); null: the system (the report). */
  by: z.string().nullable(),
  note: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  withdrawnAt: instant.nullable(),
});

export const deadline = z.object({
  kind: z.enum(clockKinds),
  dueAt: instant,
  metAt: instant.nullable(),
});

export const milestoneAnswer = z.object({ milestone });
export const milestonesAnswer = z.object({ milestones: z.array(milestone), deadlines: z.array(deadline) });

export type Milestone = z.infer<typeof milestone>;
export type Deadline = z.infer<typeof deadline>;
export type MilestonesAnswer = z.infer<typeof milestonesAnswer>;
