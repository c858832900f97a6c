/**
 * The command line of `npm run staff`, parsed without touching the database, so every mistake
 * (unknown command or option, bad phone number, bad time) becomes one Danish line and exit code 2.
 */
import { parseArgs } from 'node:util';
import { normalisePhone } from '../domain/phone.ts';
import { isStaffRole, staffRoles, type StaffRole } from '../domain/staff-api/roles.ts';
import type { Handover } from './oncall/rota/rota-store.ts';
import { weekdayShortNames, zonedTime } from '../domain/zoned-time.ts';

export type StaffCommand =
  | { command: 'help' }
  | {
      command: 'add';
      email: string;
      name: string | undefined;
      phone: string | undefined;
      role: StaffRole | undefined;
    }
  | { command: 'set-role'; email: string; role: StaffRole }
  | { command: 'list' }
  | { command: 'disable'; email: string }
  | { command: 'reset-password'; email: string }
  | { command: 'unlock'; email: string }
  | { command: 'set-phone'; email: string; phone: string }
  | { command: 'on-call-show' }
  | { command: 'on-call-set'; emails: string[]; handover: Handover | undefined }
  | { command: 'on-call-cover'; email: string; startsAt: Date; endsAt: Date }
  | { command: 'on-call-uncover'; email: string }
  | { command: 'on-call-reserve'; action: 'add' | 'remove'; email: string }
  | { command: 'on-call-reserve-list' }
  | { command: 'insurer-key-create'; insurer: string; label: string | undefined }
  | { command: 'insurer-key-list' }
  | { command: 'insurer-key-revoke'; id: string };

export type ParsedArgs = { ok: true; value: StaffCommand } | { ok: false; message: string };

export const usageHint = 'Se npm run staff -- --help.';

function fail(message: string): ParsedArgs {
  return { ok: false, message: `${message} ${usageHint}` };
}

const weekdayNames: Record<string, number> = {};
['mandag', 'tirsdag', 'onsdag', 'torsdag', 'fredag', 'lørdag', 'søndag'].forEach((name, index) => {
  weekdayNames[name] = index;
  weekdayNames[weekdayShortNames[index]!] = index;
});

/** 'man 08', 'mandag 8', 'fre 16:00' → weekday and hour. */
export function parseHandover(text: string): Handover | null {
  const match = /^\s*([a-zæøå]+)\.?\s+(\d{1,2})(?:[:.]00)?\s*$/i.exec(text);
  if (!match) return null;
  const weekday = weekdayNames[match[1]!.toLowerCase()];
  const hour = Number(match[2]);
  if (weekday === undefined || hour > 23) return null;
  return { weekday, hour };
}

/** '2026-03-20 16:00' (or with T) in Copenhagen's local time → the instant. */
export function parseLocalTime(text: string): Date | null {
  const match = /^\s*(\d{4})-(\d{2})-(\d{2})[ T](\d{1,2})(?::(\d{2}))?\s*$/.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  return zonedTime(year, month, day, hour, minute);
}

const unknownRole = (text: string) => `Ukendt rolle "${text}": brug ${staffRoles.join(' eller ')}.`;

function isEmail(text: string | undefined): text is string {
  return !!text && /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/.test(text);
}

export function parseStaffArgs(argv: readonly string[]): ParsedArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        name: { type: 'string' },
        phone: { type: 'string' },
        role: { type: 'string' },
        handover: { type: 'string' },
        label: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    const option = /'([^']+)'/.exec((error as Error).message)?.[1];
    const code = (error as { code?: string }).code;
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
      return fail(`Tilvalget ${option ?? ''} mangler en værdi.`);
    return fail(`Ukendt tilvalg: ${option ?? (error as Error).message}.`);
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.help || !command) return { ok: true, value: { command: 'help' } };
  const allowed = (names: string[]): ParsedArgs | null => {
    const given = Object.keys(values).filter(
      (key) => key !== 'help' && values[key as keyof typeof values] !== undefined,
    );
    const wrong = given.find((key) => !names.includes(key));
    return wrong ? fail(`Tilvalget --${wrong} hører ikke til ${command}.`) : null;
  };
  const needEmail = (text: string | undefined): ParsedArgs | null =>
    isEmail(text) ? null : fail(text ? `"${text}" er ikke en e-mailadresse.` : 'Angiv en e-mailadresse.');
  const phoneOf = (text: string): string | null => normalisePhone(text);

  switch (command) {
    case 'add': {
      const problem = allowed(['name', 'phone', 'role']) ?? needEmail(rest[0]);
      if (problem) return problem;
      if (rest.length > 1) return fail(`For mange argumenter til add: ${rest.slice(1).join(' ')}.`);
      let phone: string | undefined;
      if (values.phone !== undefined) {
        phone = phoneOf(values.phone) ?? undefined;
        if (!phone) return fail(`"${values.phone}" er ikke et gyldigt telefonnummer (f.eks. +4520123456).`);
      }
      if (values.role !== undefined && !isStaffRole(values.role)) return fail(unknownRole(values.role));
      const role = values.role as StaffRole | undefined;
      return { ok: true, value: { command: 'add', email: rest[0]!, name: values.name, phone, role } };
    }
    case 'set-role': {
      const problem = allowed([]) ?? needEmail(rest[0]);
      if (problem) return problem;
      if (rest.length !== 2) return fail(`Brug: set-role <e-mail> ${staffRoles.join('|')}.`);
      if (!isStaffRole(rest[1]!)) return fail(unknownRole(rest[1]!));
      return { ok: true, value: { command: 'set-role', email: rest[0]!, role: rest[1] } };
    }
    case 'list':
      return (
        allowed([]) ??
        (rest.length > 0 ? fail('list tager ingen argumenter.') : { ok: true, value: { command: 'list' } })
      );
    case 'disable':
    case 'reset-password':
    case 'unlock': {
      const problem = allowed([]) ?? needEmail(rest[0]);
      if (problem) return problem;
      if (rest.length > 1) return fail(`For mange argumenter til ${command}.`);
      return { ok: true, value: { command, email: rest[0]! } };
    }
    case 'set-phone': {
      const problem = allowed([]) ?? needEmail(rest[0]);
      if (problem) return problem;
      if (rest.length !== 2) return fail('Brug: set-phone <e-mail> <telefonnummer>.');
      const phone = phoneOf(rest[1]!);
      if (!phone) return fail(`"${rest[1]}" er ikke et gyldigt telefonnummer (f.eks. +4520123456).`);
      return { ok: true, value: { command: 'set-phone', email: rest[0]!, phone } };
    }
    case 'on-call':
      return parseOnCall(rest, values.handover, allowed);
    case 'insurer-key':
      return parseInsurerKey(rest, values.label, allowed);
    default:
      return fail(`Ukendt kommando: ${command}.`);
  }
}

function parseOnCall(
  rest: string[],
  handoverText: string | undefined,
  allowed: (names: string[]) => ParsedArgs | null,
): ParsedArgs {
  const [sub, ...args] = rest;
  if (sub === undefined) return allowed([]) ?? { ok: true, value: { command: 'on-call-show' } };
  if (sub === 'set') {
    const problem = allowed(['handover']);
    if (problem) return problem;
    if (args.length === 0) return fail('Angiv mindst én e-mailadresse til vagtkæden.');
    const bad = args.find((arg) => !isEmail(arg));
    if (bad) return fail(`"${bad}" er ikke en e-mailadresse.`);
    let handover: Handover | undefined;
    if (handoverText !== undefined) {
      handover = parseHandover(handoverText) ?? undefined;
      if (!handover)
        return fail(`Vagtskiftet "${handoverText}" forstås ikke; skriv f.eks. --handover "man 08".`);
    }
    return { ok: true, value: { command: 'on-call-set', emails: args, handover } };
  }
  if (sub === 'cover') {
    const problem =
      allowed([]) ?? (isEmail(args[0]) ? null : fail('Brug: on-call cover <e-mail> <fra> <til>.'));
    if (problem) return problem;
    if (args.length !== 3) return fail('Brug: on-call cover <e-mail> "2026-03-20 16:00" "2026-03-23 08:00".');
    const startsAt = parseLocalTime(args[1]!);
    const endsAt = parseLocalTime(args[2]!);
    if (!startsAt || !endsAt)
      return fail('Tidspunkter skrives "ÅÅÅÅ-MM-DD TT:MM", f.eks. "2026-03-20 16:00".');
    if (endsAt.getTime() <= startsAt.getTime()) return fail('Slutningen skal ligge efter starten.');
    return { ok: true, value: { command: 'on-call-cover', email: args[0]!, startsAt, endsAt } };
  }
  if (sub === 'uncover') {
    const problem =
      allowed([]) ?? (isEmail(args[0]) && args.length === 1 ? null : fail('Brug: on-call uncover <e-mail>.'));
    return problem ?? { ok: true, value: { command: 'on-call-uncover', email: args[0]! } };
  }
  if (sub === 'reserve') {
    const [action, email, ...more] = args;
    const problem = allowed([]);
    if (problem) return problem;
    if (action === undefined || (action === 'list' && email === undefined))
      return { ok: true, value: { command: 'on-call-reserve-list' } };
    if ((action === 'add' || action === 'remove') && isEmail(email) && more.length === 0)
      return { ok: true, value: { command: 'on-call-reserve', action, email: email! } };
    return fail('Brug: on-call reserve [list | add <e-mail> | remove <e-mail>].');
  }
  return fail(`Ukendt on-call-kommando: ${sub}.`);
}

/** `insurer-key create <insurer> [--label …]`, `insurer-key list`, `insurer-key revoke <id>`. */
function parseInsurerKey(
  rest: string[],
  label: string | undefined,
  allowed: (names: string[]) => ParsedArgs | null,
): ParsedArgs {
  const [sub, ...args] = rest;
  if (sub === 'create') {
    // An insurer's name may have spaces ("Alm. Brand"): quoted or not, the words are its name.
    const insurer = args.join(' ').trim();
    return (
      allowed(['label']) ??
      (insurer
        ? { ok: true, value: { command: 'insurer-key-create', insurer, label } }
        : fail('Brug: insurer-key create <forsikringsselskab> [--label "…"].'))
    );
  }
  if (sub === 'list')
    return (
      allowed([]) ??
      (args.length === 0
        ? { ok: true, value: { command: 'insurer-key-list' } }
        : fail('insurer-key list tager ingen argumenter.'))
    );
  if (sub === 'revoke')
    return (
      allowed([]) ??
      (args.length === 1
        ? { ok: true, value: { command: 'insurer-key-revoke', id: args[0]! } }
        : fail('Brug: insurer-key revoke <id>.'))
    );
  return fail('Brug: insurer-key create <forsikringsselskab> [--label "…"] | list | revoke <id>.');
}
