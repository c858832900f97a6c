import { describe, expect, it } from 'vitest';
import { describeDetails } from './audit-log-page';
import { auditActionLabels } from '~/content/inbox-pages';
import { auditActions } from '../../../../domain/staff-api/audit';

describe("the audit log's details", () => {
  it('read as Danish words, every key the server writes included', () => {
    expect(describeDetails({ by: 'e-mail', leads: 2, photos: 3, mails: 1, requesterMentions: 1 })).toEqual([
      'søgt på: e-mail',
      'henvendelser slettet: 2',
      'fotos slettet: 3',
      'e-mails slettet: 1',
      'henvendelser, hvor personen kun var nævnt som rekvirent: 1',
    ]);
    expect(describeDetails({ isCustomer: true })).toEqual(['kunde: ja']);
    expect(describeDetails({ step: 'totp' })).toEqual(['trin: kode fra godkendelsesappen']);
    expect(describeDetails({ by: 'telefon', found: 0 })).toEqual(['søgt på: telefon', 'fundet: 0']);
    const serverKeys = [
      'from',
      'to',
      'isCustomer',
      'by',
      'found',
      'leads',
      'photos',
      'mails',
      'requesterMentions',
      'adjusterLinks',
      'step',
      'filter',
      'kind',
      'status',
      'q',
    ];
    // 'filter' and 'status' are Danish words too.
    for (const key of serverKeys.filter((name) => name !== 'filter' && name !== 'status')) {
      const [text] = describeDetails({ [key]: 'x' });
      expect(text!.startsWith(`${key}:`) || text!.startsWith(`${key} `), `${key} → ${text}`).toBe(false);
    }
  });

  it('read a range "fra … til", whatever order the server wrote it in', () => {
    expect(describeDetails({ to: 'in-progress', from: 'new' })).toEqual(['fra Ny til I gang']);
    expect(
      describeDetails({ filter: { to: '2026-12-31', q: 'vand', from: '2026-12-01', kind: 'akut-skade' } }),
    ).toEqual(['filter: (fra 1. dec. 2026 til 31. dec. 2026, type: Akut, søgning: vand)']);
    expect(describeDetails({ filter: {} })).toEqual(['filter: ingen']);
  });

  it('name the on-call actions in Danish, with weekday, hour and times readable', () => {
    for (const action of [
      'staff-phone-set',
      'oncall-chain-set',
      'oncall-override-added',
      'oncall-override-removed',
      'oncall-acknowledged',
      'lead-assigned',
      'lead-called-back',
    ])
      expect(auditActionLabels[action], action).toMatch(/^[A-ZÆØÅ][A-Za-zæøå -]+$/);
    expect(describeDetails({ members: ['a@x.dk', 'b@x.dk'], handover: { weekday: 4, hour: 16 } })).toEqual([
      'personer i vagtkæden: 2',
      'vagtskifte: (ugedag: fredag, klokken: 16:00)',
    ]);
    expect(
      describeDetails({
        person: 'anna@x.dk',
        startsAt: '2026-06-05T14:00:00.000Z',
        endsAt: '2026-06-08T06:00:00.000Z',
      }),
    ).toEqual(['medarbejder: anna@x.dk', 'fra: 5. jun. 2026 kl. 16.00', 'til: 8. jun. 2026 kl. 08.00']);
  });

  it('name every action the server writes in Danish: searches, photo views and the command line included', () => {
    for (const action of auditActions)
      expect(auditActionLabels[action], action).toMatch(/^[A-ZÆØÅ][A-Za-zæøå -]+$/);
    expect(auditActionLabels['lead-search']).toBe('Søgt i henvendelserne');
    expect(auditActionLabels['photos-viewed']).toBe('Fotos vist');
    expect(auditActionLabels['staff-added']).toBe('Konto oprettet');
    expect(auditActionLabels['staff-disabled']).toBe('Konto spærret');
    expect(auditActionLabels['staff-password-reset']).toBe('Adgangskode skiftet');
    expect(
      describeDetails({ q: 'vandskade', filter: { status: 'new', assigned: 'me', from: '2026-03-01' } }),
    ).toEqual(['filter: (fra 1. mar. 2026, status: Ny, tildeling: mine sager)', 'søgning: vandskade']);
    expect(describeDetails({ by: 'telefon', found: 2, ids: ['a', 'b'] })).toEqual([
      'søgt på: telefon',
      'fundet: 2',
      'henvendelser: 2',
    ]);
    expect(describeDetails({ count: 3 })).toEqual(['antal: 3']);
  });

  it('name a milestone recorded or withdrawn, its kind and when it happened', () => {
    expect(auditActionLabels['milestone-recorded']).toBe('Milepæl registreret');
    expect(describeDetails({ milestoneId: 'm1', kind: 'skadestop', at: '2026-06-05T13:05:00.000Z' })).toEqual(
      ['type: Skadestop', 'milepæl: m1', 'tidspunkt: 5. jun. 2026 kl. 15.05'],
    );
  });
});
