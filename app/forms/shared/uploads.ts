/**
 * Photo uploads of the emergency form and the damage report: one place that asks our server for a
 * signed, single-use upload URL and one Danish reading of a refused or failed upload. The browser
 * PUTs the raw bytes to that URL (our server, or a presigned S3 PUT); the lead then names the URL
 * without its signature. No widget code here: the damage report uses this alone, the emergency
 * form's upload dialog (loaded on demand) builds on it.
 */
import { apiRequest, userFacingMessage } from '~/lib/api';

export const uploadMessages = {
  noUploadUrl: 'Kunne ikke hente upload-adresse. Prøv igen.',
  network: 'Der ser ud til at være en netværksfejl. Tjek din internetforbindelse, og prøv igen.',
  tooLarge: 'Billedet er for stort.',
  refused: 'Billedet blev afvist. Prøv et andet billede.',
} as const;

/** The server keeps at most this much of a file's name. */
const maxNameLength = 255;

/**
 * POST /api/objects/upload with the photo's type, its name on the device and its size (the
 * server's upload budget counts it); resolves with the URL to PUT it to. Rejects with an Error
 * whose message is Danish (our server's, e.g. when the budget is spent, or ours).
 */
export async function requestUploadUrl(contentType: string, name?: string, size?: number): Promise<string> {
  try {
    const response = await apiRequest('POST', '/api/objects/upload', {
      contentType,
      ...(name ? { name: name.slice(0, maxNameLength) } : {}),
      ...(size !== undefined ? { size } : {}),
    });
    const body = (await response.json()) as { uploadURL?: unknown };
    if (typeof body.uploadURL !== 'string' || !body.uploadURL) throw new Error('no uploadURL');
    return body.uploadURL;
  } catch (error) {
    // Our server explains rate limits etc. in Danish; anything else gets the general text.
    throw new Error(userFacingMessage(error) ?? uploadMessages.noUploadUrl, { cause: error });
  }
}

/** Why a PUT was refused, in Danish: our server's `{ message }`, else a text by status (S3 answers XML). */
export function uploadRefusalMessage(status: number, body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed.message === 'string' && parsed.message.trim()) return parsed.message.trim();
  } catch {
    // Not our JSON.
  }
  return status === 413 ? uploadMessages.tooLarge : uploadMessages.refused;
}

/** What a lead's `images` hold: the upload URL without its signature (query string). */
export function withoutQuery(url: string): string {
  return url.split(/[?#]/, 1)[0]!;
}

/**
 * Uploads one photo: asks for an upload URL, PUTs the bytes, and resolves with the URL to send in
 * the lead. Rejects with a Danish message; with the signal's reason when aborted.
 */
export async function uploadImage(file: File, signal?: AbortSignal): Promise<string> {
  const contentType = file.type || 'application/octet-stream';
  const uploadURL = await requestUploadUrl(contentType, file.name, file.size);
  signal?.throwIfAborted();
  let response: Response;
  try {
    // No credentials: the URL carries its own signature, and an S3 bucket is another origin.
    response = await fetch(uploadURL, {
      method: 'PUT',
      body: file,
      headers: { 'Content-Type': contentType },
      credentials: 'omit',
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    signal?.throwIfAborted();
    throw new Error(uploadMessages.network, { cause: error });
  }
  if (!response.ok) {
    const body = await response.text().catch(() => '');
    throw new Error(uploadRefusalMessage(response.status, body));
  }
  return withoutQuery(uploadURL);
}
