/**
 * What the tests of the forms as plain HTML share: the built pages they answer with, and a
 * browser's way of posting a form without scripts (the form cookie, the fields, multipart).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { formCookieName } from '../forms/form-cookie.ts';
import { formRendererPath } from '../forms/form-pages.ts';
import { issueFormToken } from '../leads/spam-token.ts';
import type { TestDatabaseTarget } from './databases.ts';
import { createTestApp, TEST_SIGNING_SECRET, type TestApp, type TestAppOptions } from './test-app.ts';

/** build/client; the forms' pages are rendered from it, so these tests need a build first. */
export const builtClientDir = join(import.meta.dirname, '..', '..', 'build', 'client');
if (!existsSync(formRendererPath(builtClientDir))) {
  throw new Error('These tests answer with the built pages: run `npm run build` first.');
}

/** The app with the built pages, every submission let through the rate limit, the outbox by hand. */
export function plainFormTestApp(target: TestDatabaseTarget, options: TestAppOptions = {}): Promise<TestApp> {
  return createTestApp({
    database: target,
    clientDir: builtClientDir,
    mail: { startWorker: false },
    ...options,
    env: { RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '0', ...options.env },
  });
}

/** A form cookie as the page gave it some seconds ago (a person reading and typing). */
export const formCookieFrom = (secondsAgo = 20) =>
  `${formCookieName}=${issueFormToken(TEST_SIGNING_SECRET, Date.now() - secondsAgo * 1000)}`;

/** A form body's fields: every value a string, the kind and photos left to the page. */
export function formFieldsOf(body: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(body).filter(([name, value]) => name !== 'kind' && typeof value === 'string'),
  ) as Record<string, string>;
}

/** A browser's multipart body: text fields, then the photo input's files (an empty one if none). */
export async function multipartForm(fields: Record<string, string>, photos: Buffer[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (photos.length === 0) form.append('billeder', new Blob([]), '');
  photos.forEach((photo, index) =>
    form.append('billeder', new Blob([new Uint8Array(photo)]), `foto-${index}.png`),
  );
  const request = new Request('http://127.0.0.1/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type')!,
  };
}
