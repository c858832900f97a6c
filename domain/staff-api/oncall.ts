import { z } from 'zod';
import { milestoneKinds } from '../milestones.ts';
import { instant, leadKind, leadStatus } from './shared.ts';

// ── On call: the rota, assignment, callbacks, timeline, figures, live state ──────────────────
const userId = z.uuid({ error: 'Ukendt medarbejder' });
/**
 * A current code from the person's app, for changes to the chain, covers and mobile numbers
 * (server/staff/step-up.ts); missing or wrong answers 403 with a Danish message.
 */
const stepUpCode = z.string().max(20).optional();
export const stepUpBody = z.object({ code: stepUpCode });
export const staffPerson = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** E.164, or null: cannot be paged, or (to a medarbejder) a colleague's number, which is not shown. */
  phone: z.string().nullable(),
  disabled: z.boolean(),
});
export const rotaAnswer = z.object({
  /** Who is paged now, in order (the first is on call). */
  order: z.array(z.string()),
  nextHandover: instant.nullable(),
  /** The chain as set (before the weekly turns) and its handover (weekday 0 = Monday). */
  chain: z
    .object({
      memberIds: z.array(z.string()),
      handoverWeekday: z.number().int(),
      handoverHour: z.number().int(),
    })
    .nullable(),
  /** The next four weeks: who is first and second from each handover or override boundary on. */
  schedule: z.array(
    z.object({
      from: instant,
      onCall: z.string().nullable(),
      next: z.string().nullable(),
      override: z.boolean(),
    }),
  ),
  overrides: z.array(z.object({ id: z.string(), userId: z.string(), startsAt: instant, endsAt: instant })),
  staff: z.array(staffPerson),
  /** The next 7 days: when nobody with a working phone is first on call (onCall: who stands first). */
  gaps: z.array(z.object({ from: instant, to: instant, onCall: z.string().nullable() })).optional(),
});
export const rotaChainBody = z.object({
  memberIds: z
    .array(userId)
    .min(1, { error: 'Vælg mindst én person til vagtkæden.' })
    .max(20)
    .refine((ids) => new Set(ids).size === ids.length, { error: 'Den samme person står to gange.' }),
  handoverWeekday: z.number().int().min(0).max(6),
  handoverHour: z.number().int().min(0).max(23),
  code: stepUpCode,
});
export const overrideBody = z.object({
  userId,
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }),
  code: stepUpCode,
});
export const overrideParams = z.object({ id: z.uuid() });
export const phoneBody = z.object({ phone: z.string().trim().max(40), code: stepUpCode });
export const phoneAnswer = z.object({ phone: z.string() });
export const assignBody = z.object({ assignee: userId.nullable() });
export const leadHandling = z.object({
  assignedTo: z.string().nullable(),
  calledBackAt: instant.nullable(),
  calledBackBy: z.string().nullable(),
});
const timelinePerson = z.object({ id: z.string(), name: z.string() }).nullable();
export const timelineAnswer = z.object({
  events: z.array(
    z.object({
      kind: z.enum([
        'received',
        'paged',
        'page-failed',
        'acknowledged',
        'assigned',
        'called-back',
        'status-changed',
        'visit-set',
        'work-started',
        'in-digest',
        'reminded',
        'ack-withdrawn',
        'milestone',
        'milestone-withdrawn',
      ]),
      at: instant,
      person: timelinePerson.optional(),
      by: timelinePerson.optional(),
      to: z.union([timelinePerson, leadStatus]).optional(),
      from: leadStatus.optional(),
      step: z.number().int().optional(),
      gaveUp: z.boolean().optional(),
      /** 'paged', 'in-digest': paged again after a take was withdrawn. */
      again: z.boolean().optional(),
      /** 'ack-withdrawn': when the person had taken it. */
      takenAt: instant.nullable().optional(),
      /** 'visit-set': the visit time agreed, null when it was taken away. */
      visitAt: instant.nullable().optional(),
      /** 'milestone' (at: when it happened), 'milestone-withdrawn' (at: when withdrawn): which one. */
      milestone: z.enum(milestoneKinds).optional(),
    }),
  ),
});
export const figuresQuery = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Vælg en måned (ÅÅÅÅ-MM).' }),
});
const spread = z.object({
  count: z.number().int(),
  median: z.number().nullable(),
  p90: z.number().nullable(),
});
const figureRow = z.object({
  acknowledged: spread,
  calledBack: spread,
  emergencies: z.number().int(),
  within: z.number().int(),
  /** Called back, or their 15 minutes passed: the share's base; `waiting` are the others. */
  counted: z.number().int(),
  waiting: z.number().int(),
  withinShare: z.number().nullable(),
});
export const figuresAnswer = z.object({
  period: z.string(),
  from: instant,
  to: instant,
  total: figureRow,
  people: z.array(figureRow.extend({ userId: z.string(), name: z.string() })),
  /** Emergencies told a wait in surge mode, measured against what each was told. */
  surge: z.object({
    emergencies: z.number().int(),
    announced: spread,
    calledBack: spread,
    within: z.number().int(),
    counted: z.number().int(),
    waiting: z.number().int(),
    withinShare: z.number().nullable(),
  }),
  /**
   * Per kind with a deadline: leads answered by their first-response deadline (inTime), after it
   * or not at all once it passed (late), not yet answered with the deadline ahead (pending).
   */
  firstResponse: z
    .array(
      z.object({
        kind: leadKind,
        /** The kind's leads that paged the on-call staff (an urgent assignment), in a row apart. */
        urgent: z.literal(true).optional(),
        counted: z.number().int(),
        inTime: z.number().int(),
        late: z.number().int(),
        pending: z.number().int(),
        inTimeShare: z.number().nullable(),
      }),
    )
    .optional(),
});
/** GET /api/staff/live, polled every few seconds: what changed without a reload. */
export const liveAnswer = z.object({
  /** The newest lead's id and arrival (null: no leads); a change means a new lead. */
  newestLeadId: z.string().nullable(),
  newestLeadAt: instant.nullable(),
  /** Emergencies not spam, still new and not acknowledged (the tab title counts them). */
  unacknowledged: z.array(z.object({ id: z.string(), reference: z.string(), receivedAt: instant })),
});

/** GET /api/staff/oncall/surge: surge mode now, and the latest switches by hand. */
const surgeSwitch = z.object({
  on: z.boolean(),
  at: instant,
  actor: z.string(),
  reason: z.string().nullable(),
});
export const surgeAnswer = z.object({
  mode: z.enum(['normal', 'travlt']),
  expectedCallbackMinutes: z.number().int(),
  waiting: z.number().int(),
  /** Working the queue: took or opened the list in the last 15 minutes; the wait is divided among them. */
  people: z.number().int(),
  /** Pageable people in the chain now. */
  onCall: z.number().int(),
  /** Since when everybody on call is woken (surge); null outside surge. */
  allHandsSince: instant.nullable(),
  manual: surgeSwitch.nullable(),
  history: z.array(surgeSwitch),
});
/** GET /api/staff/oncall/reserve: the people a surge may ask for help, and when they were last asked. */
export const reserveAnswer = z.object({
  people: z.array(z.object({ email: z.string(), name: z.string().nullable(), calledAt: instant.nullable() })),
});
/** POST/DELETE /api/staff/oncall/reserve: one person by their staff e-mail. */
export const reserveBody = z.object({
  email: z
    .string()
    .trim()
    .max(254, { error: 'Skriv medarbejderens e-mailadresse.' })
    .pipe(z.email({ error: 'Skriv medarbejderens e-mailadresse.' })),
});
/** PUT /api/staff/oncall/surge: on needs a reason the inbox shows. */
export const surgeBody = z.discriminatedUnion('on', [
  z.object({
    on: z.literal(true),
    reason: z
      .string()
      .trim()
      .min(1, { error: 'Skriv hvorfor, fx "Skybrud i Storkøbenhavn".' })
      .max(200, { error: 'Højst 200 tegn.' }),
  }),
  z.object({ on: z.literal(false), reason: z.string().trim().max(200).optional() }),
]);

// ── Types for both sides ──────────────────────────────────────────────────────────────────────
export type StaffPerson = z.infer<typeof staffPerson>;
export type RotaAnswer = z.infer<typeof rotaAnswer>;
export type RotaChainBody = z.infer<typeof rotaChainBody>;
export type LeadHandling = z.infer<typeof leadHandling>;
export type TimelineAnswer = z.infer<typeof timelineAnswer>;
export type SurgeAnswer = z.infer<typeof surgeAnswer>;
export type ReserveAnswer = z.infer<typeof reserveAnswer>;
export type FiguresAnswer = z.infer<typeof figuresAnswer>;
export type LiveAnswer = z.infer<typeof liveAnswer>;
