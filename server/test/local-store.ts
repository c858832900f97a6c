import { join } from 'node:path';
import { createLocalStore } from '../storage/local-store.ts';
import type { LocalObjectStore } from '../storage/object-store.ts';
import type { TestDatabase } from './databases.ts';

/** A local object store in the test database's own folder (objects/), as the server keeps photos without S3. */
export function localStoreBeside(database: TestDatabase): LocalObjectStore {
  return createLocalStore({
    dir: join(database.dataDir, 'objects'),
    publicUrl: 'http://127.0.0.1:1',
    secret: 'x'.repeat(40),
  });
}
