import { z } from 'zod';
import { checkReadingScale, moistureMessages, moistureReadingFields, moistureUnits } from '../moisture.ts';
import { leadId, instant } from './shared.ts';

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
