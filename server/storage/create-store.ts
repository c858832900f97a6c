import { join } from 'node:path';
import type { Config } from '../config.ts';
import { createLocalStore } from './local-store.ts';
import type { AnyObjectStore } from './object-store.ts';
import { createS3Store } from './s3-store.ts';

/** S3 when S3_* is configured, otherwise local disk in DATA_DIR/objects. */
export function createObjectStore(
  config: Pick<Config, 's3' | 'dataDir' | 'publicUrl' | 'signingSecret'>,
): AnyObjectStore {
  if (config.s3) return createS3Store(config.s3);
  return createLocalStore({
    dir: join(config.dataDir, 'objects'),
    publicUrl: config.publicUrl,
    secret: config.signingSecret,
  });
}
