import { z } from 'zod';
import {
  isInUnitRange,
  moistureMessages,
  moistureRangeMessages,
  moistureUnits,
  type MoistureUnit,
} from '../moisture.ts';
import { leadId, instant } from './shared.ts';

/** The longest room, measuring point, method or material staff may write. */
const moistureTextMax = 80;

const trimmedText = (error: string, min: number) =>
  z.string({ error }).trim().min(min, { error }).max(moistureTextMax, { error });
/** An optional text; blank counts as not given (the service stores it as null). */
const optionalText = (error: string) => trimmedText(error, 0).optional();

/**
 * One reading's fields as staff write them (the inbox's API and the plain forms alike): room and
 * point trimmed; `checkReadingScale` then puts the value and the target on the unit's scale.
 */
const moistureReadingFields = z.object({
  room: trimmedText(moistureMessages.room, 1),
  point: trimmedText(moistureMessages.point, 1),
  value: z.number({ error: moistureMessages.value }).finite({ error: moistureMessages.value }),
  unit: z.enum(moistureUnits, { error: moistureMessages.unit }),
  method: optionalText(moistureMessages.method),
  material: optionalText(moistureMessages.material),
  target: z
    .number({ error: moistureMessages.target })
    .finite({ error: moistureMessages.target })
    .nullable()
    .optional(),
});

/** Refuses a value or a target off the unit's scale, each at its own field. */
function checkReadingScale(
  reading: { unit: MoistureUnit; value: number; target?: number | null | undefined },
  context: z.RefinementCtx,
): void {
  if (!isInUnitRange(reading.unit, reading.value))
    context.addIssue({ code: 'custom', path: ['value'], message: moistureRangeMessages[reading.unit] });
  if (reading.target != null && !isInUnitRange(reading.unit, reading.target))
    context.addIssue({ code: 'custom', path: ['target'], message: moistureMessages.target });
}

/**
 * /api/staff/leads/:id/moisture: the case's drying log (domain/moisture.ts). Only readings not
 * withdrawn are listed, by room, point and time; a withdrawn one stays in the table (and the
 * audit log) as the correction.
 */
export const moistureBody = moistureReadingFields
  .extend({
    /** When it was measured; default now. Never in the future (5 minutes' slack), never before the lead came in. */
    at: z.iso.datetime({ offset: true, error: moistureMessages.at }).optional(),
  })
  .superRefine(checkReadingScale);

export const moistureReadingParams = z.object({
  id: leadId,
  readingId: z.uuid({ error: moistureMessages.readingNotFound }),
});

export const moistureReading = z.object({
  id: z.uuid(),
  room: z.string(),
  point: z.string(),
  value: z.number(),
  unit: z.enum(moistureUnits),
  method: z.string().nullable(),
  material: z.string().nullable(),
  target: z.number().nullable(),
  /** When it was measured. */
  at: instant,
  /** Who recorded it (the staff member's name as it was then). */
  by: z.string().nullable(),
  /** When it was recorded. */
  recordedAt: instant,
});

export const moistureReadingAnswer = z.object({ reading: moistureReading });
export const moistureReadingsAnswer = z.object({ readings: z.array(moistureReading) });

export type MoistureBody = z.input<typeof moistureBody>;
export type MoistureReading = z.infer<typeof moistureReading>;
export type MoistureReadingsAnswer = z.infer<typeof moistureReadingsAnswer>;
