/**
 * The one count of the photos a customer may still add to a case after the form, whichever way
 * they come (the case page or an e-mail answer): `casePage.maxExtraPhotos` per case and
 * `casePage.maxExtraPhotosPerDay` per Danish calendar day. Callers that add photos count under a
 * lock on the lead, so two additions at once cannot pass the limits together.
 */
import { and, count, eq, gte, max } from 'drizzle-orm';
import { casePage } from '../../domain/constants.ts';
import { copenhagenMidnight } from '../../domain/zoned-time.ts';
import type { DbOrTx } from '../db/client.ts';
import { casePhotos, leadImages } from '../db/schema.ts';

/** Midnight of today in Denmark: the daily limits count from there. */
export function startOfDanishDay(now: Date): Date {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Copenhagen' }).format(now);
  return copenhagenMidnight(day);
}

export interface PhotoRoom {
  /** Photos that came with the form. */
  withForm: number;
  /** Photos added since, by any path. */
  addedLater: number;
  /** How many more the case may take in all. */
  remaining: number;
  /** How many more it may take today (never more than `remaining`). */
  remainingToday: number;
  /** The position the next photo gets, after every photo of the lead. */
  nextPosition: number;
}

/** How many more photos the case may take, in all and today. */
export async function photoRoom(db: DbOrTx, leadId: string, now: Date): Promise<PhotoRoom> {
  const since = startOfDanishDay(now);
  const [[all], [today], [images]] = await Promise.all([
    db.select({ n: count() }).from(casePhotos).where(eq(casePhotos.leadId, leadId)),
    db
      .select({ n: count() })
      .from(casePhotos)
      .where(and(eq(casePhotos.leadId, leadId), gte(casePhotos.createdAt, since))),
    db
      .select({ n: count(), last: max(leadImages.position) })
      .from(leadImages)
      .where(eq(leadImages.leadId, leadId)),
  ]);
  const addedLater = all?.n ?? 0;
  const remaining = Math.max(0, casePage.maxExtraPhotos - addedLater);
  const remainingToday = Math.min(remaining, Math.max(0, casePage.maxExtraPhotosPerDay - (today?.n ?? 0)));
  return {
    withForm: (images?.n ?? 0) - addedLater,
    addedLater,
    remaining,
    remainingToday,
    nextPosition: (images?.last ?? -1) + 1,
  };
}

/** Why a photo beyond the room was not kept, in the words the thread shows staff and customer. */
export function photoLimitWords(room: Pick<PhotoRoom, 'remaining' | 'remainingToday'>): string {
  return room.remaining <= room.remainingToday
    ? `højst ${casePage.maxExtraPhotos} billeder pr. sag`
    : `højst ${casePage.maxExtraPhotosPerDay} billeder pr. dag`;
}
