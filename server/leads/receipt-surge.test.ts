/**
 * The emergency receipt says what the emergency was told when it came in: the 15-minute promise,
 * the expected wait in surge (with the water-damage advice first), or first in line for a danger
 * to people.
 */
import { describe, expect, it } from 'vitest';
import { renderLeadReceipt } from './receipt.ts';
import type { LeadForMail } from './lead-templates.ts';
import { emergencyForMail } from '../test/lead-for-mail.ts';

const emergency: LeadForMail = {
  ...emergencyForMail,
  reference: 'SK-SURGE1',
  phone: '+4520123456',
  createdAt: new Date('2026-08-14T18:05:00Z'),
};
const render = (lead: LeadForMail) => renderLeadReceipt(lead, 0, { publicUrl: 'https://example.dk' });

describe('the emergency receipt in surge mode', () => {
  it('keeps the 15-minute promise when the emergency came in normally', () => {
    const mail = render({ ...emergency, announcedCallbackMinutes: 15, announcedInSurge: false });
    expect(mail.text).toContain('- Vi ringer til dig inden for 15 minutter på 20 12 34 56.');
    expect(mail.text).not.toContain('mange akutte henvendelser');
    expect(mail.text).not.toContain('Slå strømmen fra');
  });

  it('names the wait announced in surge and puts the water-damage advice right after it', () => {
    const mail = render({ ...emergency, announcedCallbackMinutes: 120, announcedInSurge: true });
    expect(mail.text).toContain(
      '- Vi har mange akutte henvendelser lige nu. Vi ringer til dig på 20 12 34 56, forventet ventetid: ca. 2 timer.\n' +
        '- Det kan du gøre nu: Slå strømmen fra i våde rum. Løft ting væk fra gulvet. Tag billeder af skaden, før du rydder op.\n',
    );
    expect(mail.text).not.toContain('inden for 15 minutter');
    expect(mail.html).toContain('forventet ventetid: ca. 2 timer.');
  });

  it('gives the advice only for water damage', () => {
    const mail = render({
      ...emergency,
      details: { ...emergency.details, skadetype: 'indbrud' },
      announcedCallbackMinutes: 90,
      announcedInSurge: true,
    });
    expect(mail.text).toContain('forventet ventetid: ca. 1½ time.');
    expect(mail.text).not.toContain('Slå strømmen fra');
  });

  it('tells a danger to people that it is first in line', () => {
    const mail = render({
      ...emergency,
      priority: 'kritisk',
      announcedCallbackMinutes: 15,
      announcedInSurge: true,
      announcedFirstInLine: true,
    });
    expect(mail.text).toContain(
      '- Du er forrest i køen, fordi der er fare for personer. Vi ringer til dig inden for 15 minutter på 20 12 34 56.',
    );
  });

  it('tells a danger to people behind others its wait, not that it is first in line', () => {
    const text = render({
      ...emergency,
      priority: 'kritisk',
      announcedCallbackMinutes: 30,
      announcedInSurge: true,
      announcedFirstInLine: false,
    }).text;
    expect(text).toContain('Vi ringer til dig på 20 12 34 56, forventet ventetid: ca. 30 minutter.');
    expect(text).not.toContain('forrest');
  });

  it('keeps the old wording for an emergency stored before the promise was kept with it', () => {
    expect(render(emergency).text).toContain('- Vi ringer til dig inden for 15 minutter på 20 12 34 56.');
  });
});
