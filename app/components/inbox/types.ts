/**
 * What the staff API answers (server/routes/staff*.ts): the shapes the inbox's pages read.
 * Dates are ISO 8601 strings.
 */
import type { LeadKind, LeadStatus } from '../../../domain/lead';

export type { LeadKind, LeadStatus };

export type SecondFactorState = 'done' | 'enrol' | 'verify';

export interface StaffMember {
  id: string;
  email: string;
  name: string;
  secondFactor: SecondFactorState;
}

export interface LoginAnswer {
  next: 'enrol' | 'verify';
}

export interface TotpEnrolment {
  otpauthUrl: string;
  /** SVG markup of the QR code, drawn by our own server. */
  qrSvg: string;
  /** The shared secret (base32) for manual entry. */
  secret: string;
}

export type StatusCounts = Record<LeadStatus, number>;

export interface LeadSummary {
  id: string;
  kind: LeadKind;
  reference: string;
  name: string;
  email: string;
  phone: string | null;
  status: LeadStatus;
  createdAt: string;
  isCustomer: boolean;
  imageCount: number;
  /** A short line saying what the lead is about (damage type, service, resource …). */
  topic: string | null;
}

export interface LeadPage {
  leads: LeadSummary[];
  nextCursor: string | null;
  counts: StatusCounts;
}

export interface LeadRow {
  label: string;
  value: string;
  href?: string;
  multiline?: boolean;
}

export interface LeadImage {
  id: string;
  contentType: string;
  originalName: string | null;
  bytes: number;
  /** A short-lived signed URL, usable in <img>. */
  url: string;
}

export interface LeadNote {
  id: string;
  authorName: string;
  body: string;
  createdAt: string;
}

export interface LeadDetail {
  id: string;
  kind: LeadKind;
  kindLabel: string;
  reference: string;
  status: LeadStatus;
  createdAt: string;
  statusChangedAt: string | null;
  statusChangedBy: string | null;
  isCustomer: boolean;
  name: string;
  email: string;
  phone: string | null;
  rows: LeadRow[];
  spamReasons: string[] | null;
  images: LeadImage[];
  notes: LeadNote[];
}

export interface LeadChange {
  status?: LeadStatus;
  isCustomer?: boolean;
}

/** Whom a personal-data request is about: exactly one of the two. */
/** A lead found for a personal-data request: the person sent it, or is named in it as requester. */
export interface PersonLead extends LeadSummary {
  role?: 'afsender' | 'rekvirent';
}

export type PersonQuery = { email: string } | { phone: string };

export interface ErasureResult {
  erased: { leads: number; photos: number; mails: number };
}

export interface AuditEntry {
  at: string;
  actor: string | null;
  action: string;
  leadId: string | null;
  details: Record<string, unknown> | null;
}

export interface AuditPage {
  entries: AuditEntry[];
  nextCursor: string | null;
}
