/**
 * The two staff roles and what each may do, in one place: the server's route guard
 * (server/staff/roles.ts) and the inbox (which hides what a person cannot do) read this table.
 *
 * A medarbejder works the leads (list, view, statuses, notes, assignment, the case link, the
 * timeline, "Ringet op", the on-call figures) and keeps their own mobile number. A koordinator
 * may do all of that and also what reaches other people or all the data at once: colleagues'
 * numbers, the on-call chain and covers, the CSV exports, personal-data requests, surge mode,
 * updates to every waiting customer at once and the audit log. No schema code here, so the inbox may import it at run time.
 */
export const staffRoles = ['koordinator', 'medarbejder'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** Accounts made without a role are medarbejder: rights are given, never assumed. */
export const defaultStaffRole: StaffRole = 'medarbejder';

/** What a staff member may do, by the smallest role that may do it. */
export const staffPermissions = {
  /** Leads: list, view, photos, statuses, notes, assignment, case link, timeline, figures. */
  leads: 'medarbejder',
  /** Their own mobile number (where pages go). */
  ownPhone: 'medarbejder',
  /** Every account's mobile number. */
  staffPhones: 'koordinator',
  /** The on-call chain and covers. */
  rota: 'koordinator',
  /** The CSV exports (leads, on-call figures). */
  csvExport: 'koordinator',
  /** Personal-data requests: look-up, export, erasure. */
  personalData: 'koordinator',
  /** Switching surge mode on and off. */
  surge: 'koordinator',
  /** One update to many waiting customers at once (e-mail and SMS to up to 2,000). */
  batchMessages: 'koordinator',
  /** The audit log. */
  auditLog: 'koordinator',
  /** The insurers' rules (claims address, on-site hours, first-report rule). */
  insurers: 'koordinator',
  /** Marking an unhappy customer's answer followed up. */
  satisfactionFollowUp: 'koordinator',
} as const satisfies Record<string, StaffRole>;
export type StaffPermission = keyof typeof staffPermissions;

/** A koordinator may do everything a medarbejder may. */
const rank: Record<StaffRole, number> = { medarbejder: 0, koordinator: 1 };

/** True when `role` is at least `needed`. */
export function roleSatisfies(role: StaffRole, needed: StaffRole): boolean {
  return rank[role] >= rank[needed];
}

/** True when a staff member of `role` may do `permission`. */
export function may(role: StaffRole | undefined, permission: StaffPermission): boolean {
  return role !== undefined && roleSatisfies(role, staffPermissions[permission]);
}

export function isStaffRole(text: string): text is StaffRole {
  return (staffRoles as readonly string[]).includes(text);
}

export const roleMessages = {
  koordinatorRequired: 'Det kræver rollen koordinator.',
} as const;
