import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appRoot } from '../app-root.ts';
import { jobKinds } from './job-kinds.ts';
import { backoffSteps } from './backoff.ts';

const jobEngineDoc = readFileSync(join(appRoot, 'docs', 'decisions', 'job-engine.md'), 'utf8');

describe('the list of job kinds', () => {
  it.each(Object.entries(jobKinds))(
    'docs/decisions/job-engine.md lists %s with its table and label',
    (name, kind) => {
      const row = jobEngineDoc.split('\n').find((line) => line.startsWith(`| \`${name}\``));
      expect(row, `no row for ${name}`).toBeDefined();
      expect(row).toContain(`\`${kind.table}\``);
      expect(row).toContain(`\`${kind.metricsLabel}\``);
    },
  );

  it('gives every kind a label of its own and the back-off its workers use', () => {
    const labels = Object.values(jobKinds).map((kind) => kind.metricsLabel);
    expect(new Set(labels).size).toBe(labels.length);
    expect(backoffSteps['mail.message']).toBe(jobKinds.mail.backoffMs);
    expect(backoffSteps['oncall.sms']).toBe(jobKinds['oncall.sms'].backoffMs);
    expect(backoffSteps['messages.sms']).toBe(jobKinds['messages.sms'].backoffMs);
    expect(backoffSteps.periodic).toBe(jobKinds.periodic.backoffMs);
  });
});
