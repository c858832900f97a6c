/**
 * A fake DAWA-compatible address service on 127.0.0.1 for the vitest API tests and the Playwright
 * journeys. It answers in DAWA's real formats from a small list of real Danish addresses and can
 * be told to fail in the ways a real provider does.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A Danish address as the fake knows it; `tekst` is what DAWA shows. */
interface KnownAddress {
  vejnavn: string;
  husnr: string;
  postnr: string;
  postnrnavn: string;
}

// Public, well-known addresses, so suggestions look like the real service's answers.
const knownAddresses: KnownAddress[] = [
  { vejnavn: 'Rådhuspladsen', husnr: '1', postnr: '1550', postnrnavn: 'København V' },
  { vejnavn: 'Rådhuspladsen', husnr: '2', postnr: '1550', postnrnavn: 'København V' },
  { vejnavn: 'Rådhusstræde', husnr: '1', postnr: '1466', postnrnavn: 'København K' },
  { vejnavn: 'Prins Jørgens Gård', husnr: '1', postnr: '1218', postnrnavn: 'København K' },
  { vejnavn: 'Domkirkepladsen', husnr: '3', postnr: '4000', postnrnavn: 'Roskilde' },
  { vejnavn: 'Stændertorvet', husnr: '1', postnr: '4000', postnrnavn: 'Roskilde' },
  { vejnavn: 'Rådhuspladsen', husnr: '2', postnr: '8000', postnrnavn: 'Aarhus C' },
  { vejnavn: 'Rådhuspladsen', husnr: '3', postnr: '8000', postnrnavn: 'Aarhus C' },
  { vejnavn: 'Flakhaven', husnr: '2', postnr: '5000', postnrnavn: 'Odense C' },
  { vejnavn: 'Boulevarden', husnr: '13', postnr: '9000', postnrnavn: 'Aalborg' },
  { vejnavn: 'Torvegade', husnr: '74', postnr: '6700', postnrnavn: 'Esbjerg' },
  { vejnavn: 'Vestergade', husnr: '10', postnr: '1456', postnrnavn: 'København K' },
  { vejnavn: 'Vestergade', husnr: '12', postnr: '8000', postnrnavn: 'Aarhus C' },
  { vejnavn: 'Vestergade', husnr: '14', postnr: '5000', postnrnavn: 'Odense C' },
  { vejnavn: 'Algade', husnr: '31', postnr: '4000', postnrnavn: 'Roskilde' },
  { vejnavn: 'Algade', husnr: '33', postnr: '4000', postnrnavn: 'Roskilde' },
  { vejnavn: 'Algade', husnr: '35', postnr: '4000', postnrnavn: 'Roskilde' },
  { vejnavn: 'Algade', husnr: '37', postnr: '4000', postnrnavn: 'Roskilde' },
  { vejnavn: 'Algade', husnr: '39', postnr: '4000', postnrnavn: 'Roskilde' },
  { vejnavn: 'Algade', husnr: '41', postnr: '4000', postnrnavn: 'Roskilde' },
  { vejnavn: 'Algade', husnr: '43', postnr: '4000', postnrnavn: 'Roskilde' },
  { vejnavn: 'Algade', husnr: '45', postnr: '4000', postnrnavn: 'Roskilde' },
  { vejnavn: 'Algade', husnr: '47', postnr: '4000', postnrnavn: 'Roskilde' },
  { vejnavn: 'Algade', husnr: '49', postnr: '4000', postnrnavn: 'Roskilde' },
];

export function addressText(address: KnownAddress): string {
  return `${address.vejnavn} ${address.husnr}, ${address.postnr} ${address.postnrnavn}`;
}

function fakeId(index: number): string {
  return `0a3f50a0-0000-32b8-e044-${String(index).padStart(12, '0')}`;
}

/**
 * DAWA's real answer shapes: `/autocomplete` returns typed suggestions with `tekst`, `forslagstekst`,
 * `caretpos` and `data`; `/adresser/autocomplete` and `/adgangsadresser/autocomplete` return
 * `{ tekst, adresse | adgangsadresse }`.
 */
function dawaBody(pathname: string, matches: { address: KnownAddress; index: number }[]) {
  const detail = ({ address, index }: { address: KnownAddress; index: number }) => ({
    id: fakeId(index),
    href: `/adresser/${fakeId(index)}`,
    vejnavn: address.vejnavn,
    adresseringsvejnavn: address.vejnavn,
    husnr: address.husnr,
    etage: null,
    dør: null,
    supplerendebynavn: null,
    postnr: address.postnr,
    postnrnavn: address.postnrnavn,
    stormodtagerpostnr: null,
    stormodtagerpostnrnavn: null,
    status: 1,
    darstatus: 3,
  });
  if (pathname.endsWith('/adresser/autocomplete')) {
    return matches.map((match) => ({ tekst: addressText(match.address), adresse: detail(match) }));
  }
  if (pathname.endsWith('/adgangsadresser/autocomplete')) {
    return matches.map((match) => ({ tekst: addressText(match.address), adgangsadresse: detail(match) }));
  }
  return matches.map((match) => {
    const tekst = addressText(match.address);
    return { type: 'adresse', tekst, forslagstekst: tekst, caretpos: tekst.length, data: detail(match) };
  });
}

export type FakeDawaMode =
  /** Answers with matching addresses in DAWA's format (the default). */
  | { kind: 'ok' }
  /** Answers with exactly these `tekst` values (in DAWA's format). */
  | { kind: 'fixed'; texts: string[] }
  /** Answers 500 with a JSON error body, like DAWA under maintenance. */
  | { kind: 'error'; status?: number }
  /** Answers 200 with a body that is not JSON. */
  | { kind: 'garbage' }
  /** Answers 200 with JSON that is not a list. */
  | { kind: 'not-a-list' }
  /** Answers normally after a delay (to exercise the server's timeout and the spinner). */
  | { kind: 'slow'; delayMs: number }
  /** Closes the connection without answering. */
  | { kind: 'hangup' };

export interface FakeDawaRequest {
  pathname: string;
  q: string | null;
  perSide: string | null;
  at: number;
}

export interface FakeDawa {
  /** Base URL to pass as ADDRESS_API_URL (no trailing slash). */
  readonly url: string;
  /** Every request received, oldest first. */
  readonly requests: readonly FakeDawaRequest[];
  setMode(mode: FakeDawaMode): void;
  /** Back to `{ kind: 'ok' }` and an empty request log. */
  reset(): void;
  close(): Promise<void>;
}

export async function startFakeDawa(): Promise<FakeDawa> {
  let mode: FakeDawaMode = { kind: 'ok' };
  const requests: FakeDawaRequest[] = [];

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const q = url.searchParams.get('q');
    const perSide = url.searchParams.get('per_side');
    requests.push({ pathname: url.pathname, q, perSide, at: Date.now() });

    if (!url.pathname.endsWith('/autocomplete')) {
      response.writeHead(404, { 'content-type': 'application/json; charset=UTF-8' });
      response.end(JSON.stringify({ type: 'ResourceNotFoundError', title: 'Not found' }));
      return;
    }

    const answer = () => {
      const limit = Math.max(1, Math.min(Number(perSide ?? '20') || 20, 100));
      let matches: { address: KnownAddress; index: number }[];
      if (mode.kind === 'fixed') {
        matches = mode.texts.map((text, index) => {
          const [street = text, rest = ''] = text.split(', ');
          const [postnr = '', ...city] = rest.split(' ');
          const parts = street.split(' ');
          const husnr = parts.length > 1 ? (parts.pop() ?? '') : '';
          return { address: { vejnavn: parts.join(' '), husnr, postnr, postnrnavn: city.join(' ') }, index };
        });
      } else {
        const words = (q ?? '')
          .toLocaleLowerCase('da-DK')
          .split(/[\s,]+/)
          .filter(Boolean);
        matches = knownAddresses
          .map((address, index) => ({ address, index }))
          .filter(({ address }) => {
            const text = addressText(address).toLocaleLowerCase('da-DK');
            return words.length > 0 && words.every((word) => text.includes(word));
          });
      }
      response.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
      response.end(JSON.stringify(dawaBody(url.pathname, matches.slice(0, limit))));
    };

    switch (mode.kind) {
      case 'error':
        response.writeHead(mode.status ?? 500, { 'content-type': 'application/json; charset=UTF-8' });
        response.end(JSON.stringify({ type: 'InternalServerError', title: 'Something unexpected happened' }));
        return;
      case 'garbage':
        response.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
        response.end('<html><body>Ikke JSON {');
        return;
      case 'not-a-list':
        response.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
        response.end(JSON.stringify({ tekst: 'Vestergade 10, 1456 København K' }));
        return;
      case 'hangup':
        request.socket.destroy();
        return;
      case 'slow': {
        const timer = setTimeout(answer, mode.delayMs);
        response.on('close', () => clearTimeout(timer));
        return;
      }
      default:
        answer();
    }
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return requests;
    },
    setMode(next) {
      mode = next;
    },
    reset() {
      mode = { kind: 'ok' };
      requests.length = 0;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
