import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat, writeFile, type FileHandle } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { magicBytesNeeded } from './image-type.ts';
import {
  assertValidObjectKey,
  type LocalObjectStore,
  type ObjectInfo,
  type StoredObject,
  type WriteStreamResult,
} from './object-store.ts';
import { signUrlParts, verifyUrlParts } from './signing.ts';

export interface LocalStoreOptions {
  /** DATA_DIR/objects */
  dir: string;
  /** The site's public origin; signed read links point at GET /api/objects/<key> there. */
  publicUrl: string;
  /** HMAC secret for signed URLs. */
  secret: string;
}

/** Purpose tags of the signatures (see signing.ts): a read link never works as an upload link. */
const readPurpose = 'read';
const uploadPurpose = 'upload';

/**
 * Objects on local disk. Every write goes to a temporary file first and is renamed into place,
 * so a reader never sees half an object and a refused upload leaves nothing behind.
 * The content type lives in a sidecar file whose name starts with a dot, which no key can.
 */
export function createLocalStore(options: LocalStoreOptions): LocalObjectStore {
  const root = options.dir;
  const publicUrl = options.publicUrl.replace(/(?<!\/)\/+$/, '');
  const pathOf = (key: string) => {
    assertValidObjectKey(key);
    return join(root, ...key.split('/'));
  };
  const typePathOf = (key: string) => {
    const path = pathOf(key);
    return join(dirname(path), `.${path.slice(dirname(path).length + 1)}.type`);
  };
  const tempPath = () => join(root, `.tmp-${randomBytes(12).toString('hex')}`);

  async function place(key: string, temp: string, contentType: string): Promise<void> {
    const target = pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    const typeTemp = `${temp}.type`;
    await writeFile(typeTemp, contentType, { flag: 'wx' });
    await rename(typeTemp, typePathOf(key));
    await rename(temp, target);
  }

  async function readType(key: string): Promise<string> {
    try {
      return (await readFile(typePathOf(key), 'utf8')).trim() || 'application/octet-stream';
    } catch {
      return 'application/octet-stream';
    }
  }

  return {
    kind: 'local',

    async put(key, body, contentType) {
      await mkdir(root, { recursive: true });
      const temp = tempPath();
      try {
        const handle = await open(temp, 'wx');
        try {
          await handle.writeFile(body);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await place(key, temp, contentType);
      } catch (error) {
        await rm(temp, { force: true });
        await rm(`${temp}.type`, { force: true });
        throw error;
      }
    },

    async get(key): Promise<StoredObject | null> {
      try {
        const body = await readFile(pathOf(key));
        return { body, contentType: await readType(key) };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      await rm(pathOf(key), { force: true });
      await rm(typePathOf(key), { force: true });
    },

    async signedReadUrl(key, ttlSeconds) {
      assertValidObjectKey(key);
      const expires = Math.floor(Date.now() / 1000) + Math.max(1, Math.floor(ttlSeconds));
      const signature = signUrlParts(options.secret, readPurpose, key, expires);
      return `${publicUrl}/api/objects/${key}?expires=${expires}&signature=${signature}`;
    },

    verifyRead(key, expires, signature, now) {
      return verifyUrlParts(options.secret, readPurpose, key, expires, signature, now);
    },

    signedUploadUrl(uploadId, expiresAt) {
      const expires = Math.floor(expiresAt.getTime() / 1000);
      const signature = signUrlParts(options.secret, uploadPurpose, uploadId, expires);
      return `${publicUrl}/api/objects/upload/${encodeURIComponent(uploadId)}?expires=${expires}&signature=${signature}`;
    },

    verifyUpload(uploadId, expires, signature, now) {
      return verifyUrlParts(options.secret, uploadPurpose, uploadId, expires, signature, now);
    },

    async head(key): Promise<ObjectInfo | null> {
      try {
        const info = await stat(pathOf(key));
        return { size: info.size, contentType: await readType(key) };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async readStart(key, bytes) {
      let handle;
      try {
        handle = await open(pathOf(key), 'r');
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
      try {
        return await readStartOf(handle, bytes);
      } finally {
        await handle.close();
      }
    },

    async writeStream(
      key,
      source: Readable,
      { maxBytes, inspect, check, commit },
    ): Promise<WriteStreamResult> {
      assertValidObjectKey(key);
      await mkdir(root, { recursive: true });
      const temp = tempPath();
      // Read as well as written: `check` reads the finished object before it is moved into place.
      const handle = await open(temp, 'wx+');
      let closed = false;
      const discard = async () => {
        if (!closed) {
          closed = true;
          await handle.close();
        }
        await rm(temp, { force: true });
      };
      try {
        let size = 0;
        const head: Buffer[] = [];
        let headSize = 0;
        let contentType: string | null = null;
        let inspected = false;
        for await (const chunk of source) {
          const data = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
          size += data.length;
          // The cap holds mid-stream, so a chunked body without Content-Length cannot exceed it.
          if (size > maxBytes) {
            await discard();
            return { ok: false, reason: 'too-large' };
          }
          if (!inspected) {
            head.push(data);
            headSize += data.length;
            if (headSize >= magicBytesNeeded) {
              inspected = true;
              contentType = await inspect(Buffer.concat(head));
              if (!contentType) {
                await discard();
                return { ok: false, reason: 'not-image' };
              }
            }
          }
          await handle.write(data);
        }
        if (!inspected) {
          contentType = await inspect(Buffer.concat(head));
          if (!contentType) {
            await discard();
            return { ok: false, reason: 'not-image' };
          }
        }
        await handle.sync();
        const info: ObjectInfo = { size, contentType: contentType ?? 'application/octet-stream' };
        const refused = check ? await check(info, (bytes) => readStartOf(handle, bytes)) : null;
        if (refused) {
          await discard();
          return { ok: false, reason: refused };
        }
        closed = true;
        await handle.close();
        if (!(await commit(info))) {
          await discard();
          return { ok: false, reason: 'rejected' };
        }
        await place(key, temp, info.contentType);
        return { ok: true, info };
      } catch (error) {
        await discard().catch(() => undefined);
        if (isAbort(error)) return { ok: false, reason: 'aborted' };
        throw error;
      }
    },
  };
}

/** The first `bytes` bytes of an open file (fewer when it is shorter). */
async function readStartOf(handle: FileHandle, bytes: number): Promise<Buffer> {
  const buffer = Buffer.alloc(bytes);
  const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
  return buffer.subarray(0, bytesRead);
}

function isNotFound(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

function isAbort(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'ABORT_ERR';
}
