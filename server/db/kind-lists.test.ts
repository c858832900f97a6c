import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clockDeadlineKinds } from '../../domain/lead-kinds.ts';

const migrations = join(import.meta.dirname, 'migrations');

/** The kinds a migration's last `create index <name> … kind in (…)` lists, alphabetically. */
function kindsInLastIndex(name: string): string[] {
  const files = readdirSync(migrations)
    .filter((file) => file.endsWith('.sql'))
    .sort();
  let kinds: string[] = [];
  for (const file of files) {
    const text = readFileSync(join(migrations, file), 'utf8');
    const pattern = new RegExp(`CREATE INDEX "${name}"[^;]*"kind" IN \\(([^)]*)\\)`, 'gi');
    for (const match of text.matchAll(pattern))
      kinds = [...match[1]!.matchAll(/'([^']+)'/g)].map((kind) => kind[1]!).sort();
  }
  return kinds;
}

describe('SQL that lists lead kinds', () => {
  // The schema's index predicate is made from domain/lead-kinds.ts; the database has what the
  // migrations made. A kind given a deadline on the clock needs a migration that makes the index again.
  it('the missing-deadline index lists the kinds with a deadline on the clock, as the migrations made it', () => {
    expect(kindsInLastIndex('leads_first_response_due_missing_idx')).toEqual([...clockDeadlineKinds].sort());
  });
});
