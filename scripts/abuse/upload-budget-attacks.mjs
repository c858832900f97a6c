/**
 * Attacks on the photo uploads (npm run abuse), against a built server of their own on 127.0.0.1
 * with a small upload budget (UPLOAD_PENDING_MAX_MB=320: each client's share, 5 %, is 16 MB), so
 * filling it takes few requests and the main server's budget is left alone: pixel bombs on every
 * upload path, photos kept by refused plain forms, one client's share, and plain-form photos on a
 * full site. About 60 requests and 70 MB over loopback.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { attackResult, isLoopback, sleep } from '../abuse-lib.mjs';
import { startBuiltServer } from '../built-site.mjs';
import { attackKit, contact } from './attack-kit.mjs';

const budgetMb = 320;
const MB = 1024 * 1024;

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data) {
  let c = 0xffffffff;
  for (const byte of data) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type, data) {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A valid PNG header claiming 30000 × 30000 pixels (3.6 GB decoded) with a kilobyte of data. */
function pixelBomb() {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(30000, 0);
  header.writeUInt32BE(30000, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
/** `size` bytes of a 1600 × 1200 JPEG as far as any check reads it: JFIF, a frame header, zeros. */
function photo(size) {
  const start = Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00,
    0x01, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x04, 0xb0, 0x06, 0x40, 0x03, 0x01, 0x22, 0x00, 0x02,
    0x11, 0x01, 0x03, 0x11, 0x01,
  ]);
  return Buffer.concat([start, Buffer.alloc(size - start.length)]);
}

const emergency = {
  fuldeNavn: 'Per Jensen',
  adresse: 'Strandvejen 1, 2900 Hellerup',
  telefon: '22 34 56 78',
  email: 'per@example.dk',
  forsikringsselskab: 'Tryg',
  skadetype: 'vandskade',
  besked: 'Vand i kælderen',
};
const report = {
  personType: 'privat',
  fuldeNavn: 'Karen Holm',
  telefon: '+45 87 65 43 21',
  adresse: 'Algade 3, 4000 Roskilde',
  email: 'karen@example.dk',
  forsikringsselskab: 'Codan',
  policeNr: 'POL-778',
  skadetype: 'brandskade',
  besked: 'Røgskade i køkken og stue.',
};

/** Bytes of every file under DATA_DIR/objects (photos, their type files, temporary files). */
async function bytesOnDisk(dataDir) {
  let total = 0;
  let names;
  try {
    names = await readdir(path.join(dataDir, 'objects'), { recursive: true });
  } catch {
    return 0;
  }
  for (const name of names) {
    const info = await stat(path.join(dataDir, 'objects', name));
    if (info.isFile()) total += info.size;
  }
  return total;
}

/** @param {import('../abuse-lib.mjs').AttackResult[]} results */
export async function uploadBudgetAttacks(results) {
  const saved = process.env.UPLOAD_PENDING_MAX_MB;
  process.env.UPLOAD_PENDING_MAX_MB = String(budgetMb);
  let server;
  try {
    server = await startBuiltServer('abuse-uploads-');
  } finally {
    if (saved === undefined) delete process.env.UPLOAD_PENDING_MAX_MB;
    else process.env.UPLOAD_PENDING_MAX_MB = saved;
  }
  try {
    if (!isLoopback(server.origin)) throw new Error(`refusing to attack ${server.origin}: loopback only`);
    await attacks(server, attackKit(server, ''), results);
  } finally {
    await server.stop();
  }
}

async function attacks(server, { call, token, waitForMails }, results) {
  const { origin, dataDir } = server;
  /** A plain form posted as multipart from `ip`, with these photos; answers status and page. */
  async function postForm(url, ip, fields, photos) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    photos.forEach((bytes, index) => form.append('billeder', new Blob([bytes]), `foto-${index}.png`));
    const response = await fetch(`${origin}${url}`, {
      method: 'POST',
      headers: { 'x-forwarded-for': ip },
      body: form,
      redirect: 'manual',
    });
    return { status: response.status, html: await response.text() };
  }

  // Pixel bombs: a 3 KB PNG that claims 30000 × 30000 pixels, on the upload API, the plain form
  // and the case page. None of them may be stored.
  {
    const formToken = await token('198.51.100.60');
    await sleep(3_200);
    const lead = await call('POST', '/api/leads', '198.51.100.60', {
      ...contact('bomb.case@example.dk'),
      formToken,
    });
    const issued = await call('POST', '/api/objects/upload', '198.51.100.61', {
      contentType: 'image/png',
      size: 3000,
    });
    const put = await fetch(issued.json.uploadURL, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: pixelBomb(),
    });
    const api = put.status;
    const form = await postForm('/akut-skade', '198.51.100.62', emergency, [pixelBomb()]);
    const [receipt] = await waitForMails((mail) =>
      mail.to.some((to) => to.address === 'bomb.case@example.dk'),
    );
    const caseToken = receipt?.text.match(/\/sag\/([A-Za-z0-9_-]{43})/)?.[1];
    const casePost = caseToken
      ? await postForm(`/sag/${caseToken}/billeder`, '198.51.100.63', {}, [pixelBomb()])
      : { status: 0, html: '' };
    const onDisk = await bytesOnDisk(dataDir);
    results.push(
      attackResult(
        'pixel bomb on every upload path',
        lead.status === 201 &&
          api === 413 &&
          form.status === 400 &&
          form.html.includes('megapixel') &&
          casePost.status === 413 &&
          onDisk === 0,
        `upload API ${api}, plain form ${form.status}, case page ${casePost.status || 'no case link'}; ${onDisk} bytes stored`,
      ),
    );
  }

  // Refused plain forms: a damage report without a name, with 4 photos of 2 MB, three times.
  {
    const statuses = [];
    for (let round = 0; round < 3; round++) {
      const { fuldeNavn: _name, ...withoutName } = report;
      const photos = Array.from({ length: 4 }, () => photo(2 * MB));
      statuses.push((await postForm('/anmeldelse', `198.51.100.${70 + round}`, withoutName, photos)).status);
    }
    const onDisk = await bytesOnDisk(dataDir);
    results.push(
      attackResult(
        'photos left by refused plain forms',
        statuses.every((status) => status === 400) && onDisk === 0,
        `answered ${statuses.join(', ')}; ${(onDisk / MB).toFixed(1)} MB of their 24 MB left on disk`,
      ),
    );
  }

  // One client's share: six addresses of one IPv6 /64 ask for 10 MB each; its 16 MB hold one.
  {
    const statuses = [];
    for (let index = 1; index <= 6; index++) {
      const answer = await call('POST', '/api/objects/upload', `2001:db8:77:1::${index}`, {
        contentType: 'image/jpeg',
        size: 10 * MB,
      });
      statuses.push(answer.status);
    }
    const other = (await call('POST', '/api/objects/upload', '2001:db8:77:2::1', { size: 10 * MB })).status;
    const granted = statuses.filter((status) => status === 200).length;
    results.push(
      attackResult(
        "one client's share of the upload budget",
        granted === 1 && statuses.slice(1).every((status) => status === 429) && other === 200,
        `one /64 got ${granted} of 6 URLs (${statuses.join(' ')}), the next /64 ${other}; budget ${budgetMb} MB`,
      ),
    );
  }

  // A full site: more addresses fill the budget, then a plain damage report brings 10 photos of 2 MB.
  {
    const fill = [];
    for (let index = 0; index < budgetMb / 10 && !fill.includes(503); index++) {
      fill.push(
        (await call('POST', '/api/objects/upload', `203.0.113.${100 + index}`, { size: 10 * MB })).status,
      );
    }
    const statuses = [];
    let message = false;
    for (let round = 0; round < 2; round++) {
      const photos = Array.from({ length: 10 }, () => photo(2 * MB));
      const answer = await postForm('/anmeldelse', `198.51.100.${90 + round}`, report, photos);
      statuses.push(answer.status);
      message ||= answer.html.includes('Vi kan ikke modtage flere billeder lige nu');
    }
    const onDisk = await bytesOnDisk(dataDir);
    results.push(
      attackResult(
        'plain-form photos on a full site',
        fill.includes(503) && statuses.every((status) => status === 503) && message && onDisk === 0,
        `site full after ${fill.length - 1} more URLs of 10 MB; two reports answered ${statuses.join(', ')}; ${(onDisk / MB).toFixed(1)} MB stored`,
      ),
    );
  }
}
