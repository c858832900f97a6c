import { describe, expect, it } from 'vitest';
import { parseHandover, parseLocalTime, parseStaffArgs } from './staff-cli-args.ts';

function message(args: string[]): string {
  const parsed = parseStaffArgs(args);
  if (parsed.ok) throw new Error(`expected a mistake, got ${JSON.stringify(parsed.value)}`);
  return parsed.message;
}

describe('npm run staff command line', () => {
  it('reads add with a name and a phone number, stored as E.164', () => {
    expect(
      parseStaffArgs(['add', 'anna@example.dk', '--name', 'Anna Holm', '--phone', '20 12 34 56']),
    ).toEqual({
      ok: true,
      value: { command: 'add', email: 'anna@example.dk', name: 'Anna Holm', phone: '+4520123456' },
    });
  });

  it('reads --role on add (medarbejder when left out) and set-role, and refuses other roles', () => {
    expect(parseStaffArgs(['add', 'kai@example.dk', '--role', 'koordinator'])).toMatchObject({
      ok: true,
      value: { command: 'add', role: 'koordinator' },
    });
    const plain = parseStaffArgs(['add', 'mia@example.dk']);
    expect(plain.ok && plain.value.command === 'add' && plain.value.role).toBe(undefined);
    expect(parseStaffArgs(['set-role', 'mia@example.dk', 'medarbejder'])).toEqual({
      ok: true,
      value: { command: 'set-role', email: 'mia@example.dk', role: 'medarbejder' },
    });
    expect(message(['add', 'kai@example.dk', '--role', 'admin'])).toBe(
      'Ukendt rolle "admin": brug koordinator eller medarbejder. Se npm run staff -- --help.',
    );
    expect(message(['set-role', 'mia@example.dk', 'chef'])).toContain('Ukendt rolle "chef"');
    expect(message(['set-role', 'mia@example.dk'])).toContain(
      'Brug: set-role <e-mail> koordinator|medarbejder.',
    );
    expect(message(['set-role', 'mia@example.dk', 'koordinator', '--role', 'x'])).toContain(
      'Tilvalget --role hører ikke til set-role.',
    );
  });

  it('reads set-phone and the on-call commands', () => {
    expect(parseStaffArgs(['set-phone', 'a@example.dk', '+46 70 123 45 67'])).toEqual({
      ok: true,
      value: { command: 'set-phone', email: 'a@example.dk', phone: '+46701234567' },
    });
    expect(parseStaffArgs(['on-call'])).toEqual({ ok: true, value: { command: 'on-call-show' } });
    expect(
      parseStaffArgs(['on-call', 'set', 'a@example.dk', 'b@example.dk', '--handover', 'fre 16']),
    ).toEqual({
      ok: true,
      value: {
        command: 'on-call-set',
        emails: ['a@example.dk', 'b@example.dk'],
        handover: { weekday: 4, hour: 16 },
      },
    });
    const cover = parseStaffArgs([
      'on-call',
      'cover',
      'a@example.dk',
      '2026-03-20 16:00',
      '2026-03-23 08:00',
    ]);
    expect(cover.ok && cover.value).toMatchObject({
      command: 'on-call-cover',
      startsAt: new Date('2026-03-20T15:00:00Z'),
      endsAt: new Date('2026-03-23T07:00:00Z'),
    });
  });

  it('reads unlock with one address, and refuses anything else', () => {
    expect(parseStaffArgs(['unlock', 'anna@example.dk'])).toEqual({
      ok: true,
      value: { command: 'unlock', email: 'anna@example.dk' },
    });
    expect(message(['unlock'])).toMatch(/^Angiv en e-mailadresse\./);
    expect(message(['unlock', 'anna'])).toMatch(/"anna" er ikke en e-mailadresse/);
    expect(message(['unlock', 'anna@example.dk', 'bo@example.dk'])).toMatch(
      /For mange argumenter til unlock/,
    );
  });

  it('turns every mistake into one Danish line, never an exception', () => {
    const mistakes = [
      ['add', 'anna@example.dk', '--telefon', '123'],
      ['add', 'anna@example.dk', '--phone', '123'],
      ['set-phone', 'anna@example.dk', 'ikke-et-nummer'],
      ['set-phone', 'anna@example.dk'],
      ['on-call', 'set'],
      ['on-call', 'set', 'ikke-en-adresse'],
      ['on-call', 'set', 'a@example.dk', '--handover', 'engang'],
      ['on-call', 'cover', 'a@example.dk', 'i morgen', 'senere'],
      ['on-call', 'cover', 'a@example.dk', '2026-03-23 08:00', '2026-03-20 16:00'],
      ['on-call', 'hvem'],
      ['list', '--name', 'x'],
      ['fly'],
      ['add', '--name'],
    ];
    for (const args of mistakes) {
      const text = message(args);
      expect(text, args.join(' ')).not.toContain('\n');
      expect(text).toMatch(/npm run staff -- --help\.$/);
    }
    expect(message(['add', 'anna@example.dk', '--telefon', '123'])).toContain('Ukendt tilvalg: --telefon');
    expect(message(['set-phone', 'anna@example.dk', 'ikke-et-nummer'])).toContain(
      'ikke et gyldigt telefonnummer',
    );
  });

  it('refuses a phone number no series holds, with the Danish line', () => {
    expect(message(['add', 'anna@example.dk', '--phone', '+4500000000'])).toMatch(
      /^"\+4500000000" er ikke et gyldigt telefonnummer \(f\.eks\. \+4520123456\)\./,
    );
    expect(message(['set-phone', 'anna@example.dk', '12 34 56 78'])).toMatch(
      /^"12 34 56 78" er ikke et gyldigt telefonnummer/,
    );
    expect(parseStaffArgs(['set-phone', 'anna@example.dk', '+44 7911 123456'])).toMatchObject({
      ok: true,
      value: { phone: '+447911123456' },
    });
  });

  it('shows the help without a command or with --help', () => {
    expect(parseStaffArgs([])).toEqual({ ok: true, value: { command: 'help' } });
    expect(parseStaffArgs(['add', '--help'])).toEqual({ ok: true, value: { command: 'help' } });
  });

  it("reads the insurers' key commands, an insurer's name of several words included", () => {
    expect(parseStaffArgs(['insurer-key', 'create', 'Alm.', 'Brand', '--label', 'Skadesystem'])).toEqual({
      ok: true,
      value: { command: 'insurer-key-create', insurer: 'Alm. Brand', label: 'Skadesystem' },
    });
    expect(message(['insurer-key', 'create'])).toMatch(/^Brug: insurer-key create <forsikringsselskab>/);
    expect(message(['insurer-key', 'list', '--label', 'x'])).toMatch(/^Tilvalget --label hører ikke til/);
    expect(message(['insurer-key', 'revoke'])).toMatch(/^Brug: insurer-key revoke <id>/);
    expect(message(['insurer-key', 'rotate'])).toMatch(/^Brug: insurer-key create/);
  });

  it('reads handovers and local times', () => {
    expect(parseHandover('man 08')).toEqual({ weekday: 0, hour: 8 });
    expect(parseHandover('Søndag 23:00')).toEqual({ weekday: 6, hour: 23 });
    expect(parseHandover('man 24')).toBeNull();
    expect(parseLocalTime('2026-07-01T08:30')?.toISOString()).toBe('2026-07-01T06:30:00.000Z');
    expect(parseLocalTime('2026-13-01 08:00')).toBeNull();
  });
});
