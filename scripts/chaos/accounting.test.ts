import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultMailWorkerOptions } from '../../server/mail/worker.ts';
import { accountCopies, heldFromLog, mailInFlightPerKill } from './accounting.mjs';

const copiesOf = (entries: Record<string, number[]>) =>
  new Map(
    Object.entries(entries).map(([id, times]) => [
      `<${id}@skade.example>`,
      times.map((receivedAt) => ({ receivedAt })),
    ]),
  );

describe('extra copies of an e-mail after kills', () => {
  // Kill 0 at 1000 (next start answers at 3000), kill 1 at 5000 (next start answers at 7000).
  const killTimes = [1000, 5000];
  const readyTimes = [0, 3000, 7000];
  const unexplainedCopies = (input: Omit<Parameters<typeof accountCopies>[0], 'inFlightPerKill'>) =>
    accountCopies({ ...input, inFlightPerKill: mailInFlightPerKill }).unexplained;

  it("allows per kill as many copies as the mail worker's lanes, the messages it can have in flight", () => {
    expect(mailInFlightPerKill).toBe(defaultMailWorkerOptions.concurrency);
  });

  it('explains a copy the SMTP server had before the kill, with the job still claimed', () => {
    const copies = copiesOf({ a: [900, 3500], b: [2000] });
    expect(unexplainedCopies({ copies, held: new Map([['a', [0]]]), killTimes, readyTimes })).toBe(0);
  });

  it('explains several at one kill, one per lane of the worker, and no more', () => {
    const copies = copiesOf({ a: [900, 3100], b: [950, 3200], c: [990, 3300], d: [999, 3400] });
    const held = new Map(['a', 'b', 'c', 'd', 'e', 'f'].map((id) => [id, [0]]));
    expect(accountCopies({ copies, held, killTimes, readyTimes, inFlightPerKill: 4 })).toEqual({
      unexplained: 0,
      byKill: [4, 0],
    });
    // A fifth and sixth message claimed at the same kill, also out twice: more than four lanes hold.
    copies.set('<e@skade.example>', [{ receivedAt: 995 }, { receivedAt: 3500 }]);
    copies.set('<f@skade.example>', [{ receivedAt: 996 }, { receivedAt: 3600 }]);
    expect(accountCopies({ copies, held, killTimes, readyTimes, inFlightPerKill: 4 })).toEqual({
      unexplained: 2,
      byKill: [4, 0],
    });
  });

  it('accepts a killed process’s last message read only after the kill, before the restart', () => {
    const copies = copiesOf({ a: [1200, 3500] });
    expect(unexplainedCopies({ copies, held: new Map([['a', [0]]]), killTimes, readyTimes })).toBe(0);
  });

  it('counts a copy of a job no killed process had claimed', () => {
    const copies = copiesOf({ a: [2000, 2500] });
    expect(unexplainedCopies({ copies, held: new Map(), killTimes, readyTimes })).toBe(1);
  });

  it('counts a copy of a claimed job that had not reached the SMTP server before that kill', () => {
    // Claimed at kill 0 but first sent by the restarted process, then sent again with no kill.
    const copies = copiesOf({ a: [3500, 4000] });
    expect(unexplainedCopies({ copies, held: new Map([['a', [0]]]), killTimes, readyTimes })).toBe(1);
  });

  it('allows one extra copy per kill that caught the job, not more', () => {
    const held = new Map([['a', [0, 1]]]);
    expect(
      unexplainedCopies({ copies: copiesOf({ a: [900, 5100, 7500] }), held, killTimes, readyTimes }),
    ).toBe(0);
    expect(
      unexplainedCopies({ copies: copiesOf({ a: [900, 5100, 7500, 8000] }), held, killTimes, readyTimes }),
    ).toBe(1);
  });
});

describe('jobs a killed process had claimed, from the PGlite server log', () => {
  let folder: string | undefined;
  afterEach(() => {
    if (folder) rmSync(folder, { recursive: true, force: true });
    folder = undefined;
  });

  it('reads the ids each start freed and files them under the kill before that start', () => {
    folder = mkdtempSync(join(tmpdir(), 'chaos-log-'));
    const logFile = join(folder, 'server.log');
    const freed = (time: number, jobIds: string[]) =>
      JSON.stringify({
        level: 40,
        time,
        jobs: jobIds.length,
        jobIds,
        msg: 'mail jobs claimed by a process that stopped without finishing: sending them now',
      });
    writeFileSync(
      logFile,
      [
        JSON.stringify({ level: 50, time: 500, jobIds: ['x'], msg: 'mail sent but not recorded' }),
        freed(2000, ['a', 'b']),
        'not json',
        freed(6000, ['b', 'c']),
      ].join('\n'),
    );
    expect(heldFromLog(logFile, [1000, 5000])).toEqual(
      new Map([
        ['a', [0]],
        ['b', [0, 1]],
        ['c', [1]],
      ]),
    );
  });
});
