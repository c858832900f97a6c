/**
 * Photos a technician takes on site, from the technician's page (a plain multipart form whose
 * file input opens the phone's camera). They go through the same upload pipeline and checks as
 * the forms' photos (server/uploads/multipart.ts: content checked, size capped, the upload budget)
 * and become the lead's photos after the others, where the inbox, the report, export, erasure and
 * retention find every photo of a lead; the audit log says who added how many.
 */
import { eq, max } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { leadImages, leads } from '../db/schema.ts';
import { LeadNotFound } from '../plugins/service-errors.ts';
import { auditBy, recordAudit, type StaffActor } from '../staff/audit.ts';
import type { AnyObjectStore } from '../storage/object-store.ts';
import type { MultipartForm } from '../uploads/multipart.ts';
import { discardUploads } from '../uploads/purge.ts';
import { addClaimedImages, claimUploads } from '../uploads/uploads.ts';
import type { FastifyBaseLogger } from 'fastify';
import { CodedError } from '../plugins/error-codes.ts';
import { technicianCopy } from './technician-page.ts';

/** Photos one form may bring (the multipart parser's own cap, as the damage report's). */
export const technicianPhotosPerPost = 10;

export async function addTechnicianPhotos(
  deps: { db: Db; storage: AnyObjectStore; now?: () => Date },
  leadId: string,
  urls: readonly string[],
  actor: StaffActor,
): Promise<number> {
  const now = deps.now?.() ?? new Date();
  return deps.db.transaction(async (tx) => {
    // The lead's row locked: two posts at once number their photos one after the other.
    const [lead] = await tx.select({ id: leads.id }).from(leads).where(eq(leads.id, leadId)).for('update');
    if (!lead) throw new LeadNotFound();
    const [last] = await tx
      .select({ position: max(leadImages.position) })
      .from(leadImages)
      .where(eq(leadImages.leadId, leadId));
    const next = (last?.position ?? -1) + 1;
    const claimed = await claimUploads(
      { db: deps.db, storage: deps.storage, now: () => now },
      { urls, leadId, maxImages: technicianPhotosPerPost },
      tx,
    );
    const images = await addClaimedImages(tx, leadId, claimed, next, now);
    const details = { photos: images.length };
    await recordAudit(tx, auditBy(actor, { action: 'technician-photos-added', leadId, details }), now);
    return images.length;
  });
}

/**
 * The photos of one post from the technician's page, as the upload pipeline read them: kept as the
 * case's photos, or refused with the page's status and Danish message, and then none of them kept.
 */
export async function takeTechnicianPhotos(
  deps: { db: Db; storage: AnyObjectStore; pendingMaxBytes: number | undefined; log: FastifyBaseLogger },
  leadId: string,
  form: MultipartForm,
  actor: StaffActor,
): Promise<{ added: number } | { status: number; message: string }> {
  const discard = () => discardUploads(deps, form.photoUrls);
  if (form.photoError) {
    await discard();
    return { status: form.photoErrorStatus ?? 400, message: form.photoError };
  }
  if (form.photoUrls.length === 0) return { status: 400, message: technicianCopy.photosMissing };
  try {
    return { added: await addTechnicianPhotos(deps, leadId, form.photoUrls, actor) };
  } catch (error) {
    await discard();
    if (error instanceof CodedError && error.status < 500)
      return { status: error.status, message: error.message };
    throw error;
  }
}
