import { expect, it } from 'vitest';
import { warmUpReportPdf } from './warm-up.ts';

it('draws the made-up report the server warms its PDF code with', async () => {
  await expect(warmUpReportPdf(new Date('2026-03-04T10:00:00Z'))).resolves.toBeUndefined();
});
