import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error s3rver ships no types; it is a test-only fake S3 on 127.0.0.1.
import S3rver from 's3rver';
import { createS3Store } from '../storage/s3-store.ts';

/** A fake S3 (s3rver) on 127.0.0.1 with one bucket, in a directory of its own. */
export interface FakeS3 {
  /** The server's configuration for this bucket (S3_ENDPOINT, S3_BUCKET, …). */
  env: Record<string, string>;
  /** An S3 store on the bucket, as the server makes one from `env`. */
  createStore(): ReturnType<typeof createS3Store>;
  /** Stops answering, as an outage would (safe to call twice). */
  stop(): Promise<void>;
  /** Stops and removes its files. */
  dispose(): Promise<void>;
}

export async function startFakeS3(): Promise<FakeS3> {
  const bucket = 'skader';
  const directory = mkdtempSync(join(tmpdir(), 's3rver-'));
  const server: { run(): Promise<{ port: number }>; close(): Promise<void> } = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  let stopped: Promise<void> | undefined;
  const stop = () => (stopped ??= server.close().catch(() => {}));
  return {
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    createStore: () =>
      createS3Store({
        endpoint,
        region: 'us-east-1',
        bucket,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      }),
    stop,
    async dispose() {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
