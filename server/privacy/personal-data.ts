/**
 * The privacy policy's rights of access and erasure, for one e-mail address or phone number:
 * find everything stored about the person, hand it over as JSON, and erase it — the leads they
 * sent (with photos in the object store, notes, messages, mail jobs and SMS), their name and
 * contact details where they were only named as a requester, and the copies of those leads' mails
 * and SMS the embedded mail and SMS transports keep on disk. A real mail server's mailboxes and an
 * SMS provider's records are outside our reach.
 *
 * A person is found by identity, never by text: a lead is theirs when its whole address, or its
 * whole number, is the person's once both are normalised (the address trimmed, lower-cased and
 * without a `+tag`, as the submission limits count one mailbox; the number in E.164). Mail files
 * are found through the mail jobs of those leads (server/mail/mail-files.ts), SMS files through
 * their SMS rows (server/sms/sms-files.ts), so a mail about no lead (the spam digest, the weekly
 * figures) or a message about someone else is never touched.
 */
import { asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { company } from '../../domain/company.ts';
import { leadRows, leadValues } from '../../domain/lead.ts';
import { normalisePersonValue } from '../../domain/person.ts';
import {
  type ErasureAnswer,
  type ErasureRequest,
  type Person,
  type PersonalDataAnswer,
  type PersonalDataExport,
  type PersonAdjusterLink,
  type PersonLead,
  customerRetentionYears,
} from '../../domain/staff-api/personal-data.ts';
import type { Db } from '../db/client.ts';
import {
  casePhotos,
  customerSatisfaction,
  leadImages,
  leadReports,
  leadMessageSms,
  leadMessages,
  leadMilestones,
  leadNotes,
  leads,
  mailJobs,
  uploads,
} from '../db/schema.ts';
import { deleteMailFilesOfJobs, mailJobIdsOfLeads } from '../mail/mail-files.ts';
import { deleteSmsFiles, smsIdsOfLeads } from '../sms/sms-files.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { auditBy, recordAudit, type StaffActor } from '../staff/audit.ts';
import { ErasureRefused, PersonQueryError } from './errors.ts';
import { sameEmailSql } from './email-match.ts';
import {
  adjusterLinkIdsOf,
  eraseAdjusterLinks,
  findAdjusterData,
  mailJobIdsOfLinks,
} from './adjuster-data.ts';

export type { Person };

export const erasureMessages = {
  mismatch: 'Bekræftelsen passer ikke. Skriv adressen eller nummeret igen.',
  customer: `Personen er kunde. Ifølge privatlivspolitikken gemmer vi kundeoplysninger i ${customerRetentionYears} år efter aftalens ophør. Bekræft udtrykkeligt, at de alligevel skal slettes nu.`,
} as const;

export interface PersonalDataDeps {
  db: Db;
  storage: Pick<ObjectStore, 'delete'>;
  /** Where the embedded mail transport writes .eml files (undefined with a real SMTP server). */
  mailDir?: string | undefined;
  /** Where the file SMS transport writes each SMS (DATA_DIR/sms). */
  smsDir?: string | undefined;
}

/** The address or number as stored: e-mail lower-cased, phone in E.164. */
export function normalisePerson(query: { email?: string | undefined; phone?: string | undefined }): Person {
  const email = query.email?.trim();
  const phone = query.phone?.trim();
  if (email && !phone) {
    const normalised = normalisePersonValue('email', email);
    if (!normalised) throw new PersonQueryError('Indtast en gyldig e-mailadresse.');
    return { email: normalised };
  }
  if (phone && !email) {
    const normalised = normalisePersonValue('phone', phone);
    if (!normalised) throw new PersonQueryError('Indtast et gyldigt telefonnummer.');
    return { phone: normalised };
  }
  throw new PersonQueryError('Søg på enten en e-mailadresse eller et telefonnummer.');
}

/** The audit log notes which kind of lookup it was, never the address or number itself. */
const lookupKind = (person: Person) => ('email' in person ? 'e-mail' : 'telefon');

/**
 * What a lookup or export showed, for the audit log: how it searched and which leads it listed,
 * by id (so a later question "who saw this person's data?" has an answer), never their contents.
 */
const shown = (person: Person, leads: readonly PersonLead[], links: readonly PersonAdjusterLink[]) => ({
  by: lookupKind(person),
  found: leads.length,
  ids: leads.map((lead) => lead.id),
  // The adjuster links listed, by id as the leads are.
  ...(links.length > 0 ? { adjusterLinks: links.map((link) => link.id) } : {}),
});

function senderCondition(person: Person): SQL {
  return 'email' in person ? sameEmailSql(sql`${leads.email}`, person.email) : eq(leads.phone, person.phone);
}

function requesterCondition(person: Person): SQL {
  return 'email' in person
    ? sameEmailSql(sql`${leads.details}->>'rekvirentEmail'`, person.email)
    : sql`${leads.details}->>'rekvirentTelefon' = ${person.phone}`;
}

async function matchingLeads(db: Db, person: Person) {
  return db
    .select({
      lead: leads,
      asSender: sql<boolean>`${senderCondition(person)}`,
    })
    .from(leads)
    .where(or(senderCondition(person), requesterCondition(person)))
    .orderBy(asc(leads.createdAt));
}

/**
 * Everything stored about the person: each lead with its fields, notes, milestones, photos (those added later
 * on the case page marked so), the messages between us and them, and mails.
 */
export async function findPersonalData(db: Db, person: Person): Promise<PersonLead[]> {
  const found = await matchingLeads(db, person);
  const ids = found.map((row) => row.lead.id);
  const [imageRows, notes, mails, thread, milestones, answers] =
    ids.length === 0
      ? [[], [], [], [], [], []]
      : await Promise.all([
          db
            .select({ image: leadImages, addedLater: casePhotos.imageId })
            .from(leadImages)
            .leftJoin(casePhotos, eq(casePhotos.imageId, leadImages.id))
            .where(inArray(leadImages.leadId, ids))
            .orderBy(asc(leadImages.position)),
          db.select().from(leadNotes).where(inArray(leadNotes.leadId, ids)).orderBy(asc(leadNotes.createdAt)),
          db.select().from(mailJobs).where(inArray(mailJobs.leadId, ids)),
          db
            .select({ message: leadMessages, sms: leadMessageSms })
            .from(leadMessages)
            .leftJoin(leadMessageSms, eq(leadMessageSms.messageId, leadMessages.id))
            .where(inArray(leadMessages.leadId, ids))
            .orderBy(asc(leadMessages.createdAt)),
          db
            .select()
            .from(leadMilestones)
            .where(inArray(leadMilestones.leadId, ids))
            .orderBy(asc(leadMilestones.at)),
          db.select().from(customerSatisfaction).where(inArray(customerSatisfaction.leadId, ids)),
        ]);
  const images = imageRows.map((row) => ({ ...row.image, addedLater: row.addedLater !== null }));
  return found.map(({ lead, asSender }) => ({
    id: lead.id,
    kind: lead.kind,
    reference: lead.reference,
    status: lead.status,
    receivedAt: lead.createdAt.toISOString(),
    lastContactAt: lead.lastContactAt.toISOString(),
    isCustomer: lead.isCustomer,
    role: asSender ? ('afsender' as const) : ('rekvirent' as const),
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    fields: leadRows(
      lead.kind,
      leadValues(
        lead.kind,
        { name: lead.name, email: lead.email, phone: lead.phone ?? undefined },
        lead.details,
      ),
    ).map(({ label, value }) => ({ label, value })),
    clientIp: lead.clientIp,
    userAgent: lead.userAgent,
    photos: images
      .filter((image) => image.leadId === lead.id)
      .map((image) => ({
        originalName: image.originalName,
        contentType: image.contentType,
        bytes: image.bytes,
        receivedAt: image.createdAt.toISOString(),
        addedLater: image.addedLater,
      })),
    notes: notes
      .filter((note) => note.leadId === lead.id)
      .map((note) => ({
        authorName: note.authorName,
        body: note.body,
        createdAt: note.createdAt.toISOString(),
      })),
    milestones: milestones
      .filter((milestone) => milestone.leadId === lead.id)
      .map((milestone) => ({
        kind: milestone.kind,
        at: milestone.at.toISOString(),
        recordedBy: milestone.createdByName,
        note: milestone.note,
        withdrawnAt: milestone.withdrawnAt?.toISOString() ?? null,
      })),
    // Sent to the sender's address and number: the sender's, not a named requester's.
    messages: asSender
      ? thread
          .filter((row) => row.message.leadId === lead.id)
          .map(({ message, sms }) => ({
            direction: message.direction,
            channel: message.channel,
            body: message.body,
            createdAt: message.createdAt.toISOString(),
            sms: sms
              ? { phone: sms.phone, status: sms.status, sentAt: sms.sentAt?.toISOString() ?? null }
              : null,
          }))
      : [],
    mails: mails
      .filter((mail) => mail.leadId === lead.id)
      .map((mail) => ({ kind: mail.kind, status: mail.status, sentAt: mail.sentAt?.toISOString() ?? null })),
    // The sender's own answer, as the messages are.
    satisfaction: asSender ? satisfactionOfLead(answers, lead.id) : null,
  }));
}

/** The requester fields a lead names someone by; erased when only the requester asks. */
const requesterKeys = ['rekvirentNavn', 'rekvirentTelefon', 'rekvirentEmail'] as const;

/**
 * Erases everything about the person. A person who sent a lead marked as customer is kept for
 * the customer period the privacy policy promises, unless `overrideCustomerRetention` says
 * explicitly that they are to be erased anyway.
 */
export async function erasePersonalData(
  deps: PersonalDataDeps,
  person: Person,
  options: { overrideCustomerRetention?: boolean | undefined; now?: Date | undefined } = {},
) {
  const found = await matchingLeads(deps.db, person);
  if (!options.overrideCustomerRetention && found.some((row) => row.asSender && row.lead.isCustomer)) {
    throw new ErasureRefused('customer-retention', erasureMessages.customer);
  }
  const senderIds = found.filter((row) => row.asSender).map((row) => row.lead.id);
  const requesterOnly = found.filter((row) => !row.asSender).map((row) => row.lead);
  // Links to the adjuster's page given to the person (./adjuster-data.ts).
  const linkIds = await adjusterLinkIdsOf(deps.db, person);

  // Photos first: if the rows went first and the store then failed, the photos would be orphans
  // nobody can find again; this way a failure leaves the lead, and the erasure can be repeated.
  const images =
    senderIds.length > 0
      ? await deps.db.select().from(leadImages).where(inArray(leadImages.leadId, senderIds))
      : [];
  for (const image of images) await deps.storage.delete(image.objectKey);
  // The first reports sent to insurers hold the same personal data (server/casework/report/).
  const reports =
    senderIds.length > 0
      ? await deps.db
          .select({ objectKey: leadReports.objectKey })
          .from(leadReports)
          .where(inArray(leadReports.leadId, senderIds))
      : [];
  for (const report of reports) await deps.storage.delete(report.objectKey);

  const mails =
    senderIds.length > 0
      ? Number(
          (await deps.db.select({ n: count() }).from(mailJobs).where(inArray(mailJobs.leadId, senderIds)))[0]
            ?.n ?? 0,
        )
      : 0;
  // The .eml copies of the mails about these leads, found by their jobs: the erased leads' mails,
  // and those of the leads that only name the person as requester (their copies show the
  // requester's name, number and address, which the lead itself no longer will). Deleted before
  // the rows (their job ids are gone with the rows), and once more after them, for a mail the
  // worker was writing meanwhile.
  // The copies of the mails about their adjuster links too (the link's mail to them, our answers,
  // their messages to us), which name them.
  const mailJobIds = [
    ...new Set([
      ...(await mailJobIdsOfLeads(deps.db, [...senderIds, ...requesterOnly.map((lead) => lead.id)])),
      ...(await mailJobIdsOfLinks(deps.db, linkIds)),
    ]),
  ];
  let mailFiles = await deleteMailFilesOfJobs(deps.mailDir, mailJobIds);
  // The SMS files of the erased leads (their page SMS carry the name, number and address; a lead
  // naming the person only as requester pages without them), the same way: before the rows and
  // after them, with the ids of SMS written meanwhile read again just before the rows go.
  const smsIds = new Set(await smsIdsOfLeads(deps.db, senderIds));
  await deleteSmsFiles(deps.smsDir, [...smsIds]);
  const adjusterLinks = await deps.db.transaction(async (tx) => {
    if (senderIds.length > 0) {
      for (const id of await smsIdsOfLeads(tx, senderIds)) smsIds.add(id);
      await tx.delete(uploads).where(inArray(uploads.leadId, senderIds));
      // Photo rows, notes, queued mails, the on-call page and its SMS rows go with the lead
      // (ON DELETE CASCADE).
      await tx.delete(leads).where(inArray(leads.id, senderIds));
    }
    for (const lead of requesterOnly) {
      const details = { ...lead.details };
      for (const key of requesterKeys) delete details[key];
      await tx.update(leads).set({ details }).where(eq(leads.id, lead.id));
    }
    // After the leads: a link on a lead the person sent went with it.
    return eraseAdjusterLinks(tx, linkIds, options.now ?? new Date());
  });

  mailFiles += await deleteMailFilesOfJobs(deps.mailDir, mailJobIds);
  await deleteSmsFiles(deps.smsDir, [...smsIds]);
  return {
    erased: {
      leads: senderIds.length,
      photos: images.length,
      mails: mails + mailFiles,
      requesterMentions: requesterOnly.length,
      adjusterLinks,
    },
  };
}

/**
 * A staff member looks a person up: their data, and an audit row saying how they searched and
 * which leads it listed.
 */
export async function lookUpPersonalData(
  db: Db,
  query: { email?: string | undefined; phone?: string | undefined },
  actor: StaffActor,
): Promise<PersonalDataAnswer> {
  const person = normalisePerson(query);
  const leads = await findPersonalData(db, person);
  const adjusterLinks = await findAdjusterData(db, person);
  await recordAudit(
    db,
    auditBy(actor, {
      action: 'personal-data-lookup',
      details: shown(person, leads, adjusterLinks),
    }),
  );
  return { leads, adjusterLinks };
}

/** The person's data as the JSON file handed to them, noted in the audit log. */
export async function exportPersonalData(
  db: Db,
  query: { email?: string | undefined; phone?: string | undefined },
  actor: StaffActor,
  now = new Date(),
): Promise<PersonalDataExport> {
  const person = normalisePerson(query);
  const leads = await findPersonalData(db, person);
  const adjusterLinks = await findAdjusterData(db, person);
  await recordAudit(
    db,
    auditBy(actor, {
      action: 'personal-data-export',
      details: shown(person, leads, adjusterLinks),
    }),
  );
  return { exportedAt: now.toISOString(), controller: company.legalName, person, leads, adjusterLinks };
}

/**
 * A staff member erases a person: the address or number typed again must be the same person,
 * a customer needs the explicit override, and the erasure is noted (counts only) in the audit log.
 */
export async function erasePerson(
  deps: PersonalDataDeps,
  request: ErasureRequest,
  actor: StaffActor,
): Promise<ErasureAnswer> {
  const person = normalisePerson(request);
  const by = 'email' in person ? 'email' : 'phone';
  const typed = normalisePersonValue(by, request.confirm);
  if (typed !== ('email' in person ? person.email : person.phone)) {
    throw new ErasureRefused('confirmation-mismatch', erasureMessages.mismatch);
  }
  const result = await erasePersonalData(deps, person, {
    overrideCustomerRetention: request.overrideCustomerRetention,
  });
  await recordAudit(
    deps.db,
    auditBy(actor, {
      action: 'erasure',
      details: {
        by: lookupKind(person),
        ...result.erased,
        ...(request.overrideCustomerRetention ? { overrideCustomerRetention: true } : {}),
      },
    }),
  );
  return result;
}

/** A lead's answer to the satisfaction question, for the export; null while none is given. */
function satisfactionOfLead(answers: readonly (typeof customerSatisfaction.$inferSelect)[], leadId: string) {
  const answer = answers.find((row) => row.leadId === leadId);
  if (!answer || answer.score === null || !answer.answeredAt) return null;
  return { score: answer.score, comment: answer.comment, answeredAt: answer.answeredAt.toISOString() };
}
