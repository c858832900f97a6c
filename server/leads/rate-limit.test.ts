import { describe, expect, it } from 'vitest';
import { greetingName } from '../mail/layout.ts';
import { normaliseEmail } from '../../domain/person.ts';
import { secondsUntilRoom, slidingCount } from '../db/sliding-window.ts';
import { emailKey } from './rate-limit.ts';
import { nextSlot } from './visitor-mail.ts';

const minute = 60_000;

describe('sliding windows', () => {
  it('weigh the previous minute by the share of it still inside the last minute', () => {
    expect(slidingCount(10, 0, 0, minute)).toBe(10);
    expect(slidingCount(10, 2, 30_000, minute)).toBe(7);
    expect(slidingCount(10, 2, minute, minute)).toBe(2);
  });

  it('tell how long until one more fits', () => {
    // 10 at the end of the last minute, limit 10: room once a tenth has faded (6 s).
    expect(secondsUntilRoom({ previous: 10, current: 0, elapsedMs: 0 }, 10, minute)).toBe(6);
    // 5 this minute, limit 4, 20 s in: the rest of the minute, then until they fade to 3.
    expect(secondsUntilRoom({ previous: 0, current: 5, elapsedMs: 20_000 }, 4, minute)).toBe(64);
    expect(secondsUntilRoom({ previous: 0, current: 1, elapsedMs: 0 }, 4, minute)).toBe(1);
  });
});

describe('e-mail addresses for the limits', () => {
  it('count one mailbox however it is written: case, spaces and +tags', () => {
    expect(normaliseEmail(' Victim+1@Example.DK ')).toBe('victim@example.dk');
    expect(normaliseEmail('victim+a+b@example.dk')).toBe('victim@example.dk');
    expect(normaliseEmail('+x@example.dk')).toBe('+x@example.dk');
    expect(emailKey('victim+2@example.dk')).toBe(emailKey('VICTIM@example.dk'));
    expect(emailKey('other@example.dk')).not.toBe(emailKey('victim@example.dk'));
  });
});

describe('names in e-mail to visitor-typed addresses', () => {
  it('pass when plainly a name, in any script', () => {
    for (const name of [
      'Anne Hansen',
      'Søren Ærø-Østergård',
      "D'Angelo O’Brien",
      'José Núñez',
      'Łukasz Żółć',
      'Σοφία',
      '  Per   Jensen ',
    ]) {
      expect(greetingName(name), name).not.toBeNull();
    }
    expect(greetingName('  Per   Jensen ')).toBe('Per Jensen');
  });

  it('fail with digits, dots, slashes, "@", links, quotes, or past 60 characters or six words', () => {
    for (const name of [
      'Per 2',
      'Dr. Hansen',
      'a/b',
      'anne@example.dk',
      'https://x.example',
      'Karen "K" Holm',
      'A'.repeat(61),
      'Ring til os nu og vind en præmie',
      '',
      '-Anne',
    ]) {
      expect(greetingName(name), name).toBeNull();
    }
  });
});

describe('slots under the hourly cap on visitor e-mail', () => {
  const now = new Date('2026-11-24T10:00:00Z');
  it('go now while the cap has room, otherwise an hour after the cap-th newest slot', () => {
    expect(nextSlot(now, undefined)).toEqual(now);
    expect(nextSlot(now, new Date('2026-11-24T08:30:00Z'))).toEqual(now);
    expect(nextSlot(now, new Date('2026-11-24T09:40:00Z'))).toEqual(new Date('2026-11-24T10:40:00Z'));
  });
});
