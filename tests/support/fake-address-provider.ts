/**
 * A fake address service on 127.0.0.1 for the vitest API tests and the Playwright journeys. One
 * server speaks the documented formats of every provider kind the site supports, by path:
 *
 * - Adressevælger: GET /adresser/soeg and /husnumre/soeg ?tekst=…&maksimum=N&token=… →
 *   { status: 'ok', beskrivelse: '', fund: [{ type, id, titel, … }] }
 * - GSearch v2.0: GET /rest/gsearch/v2.0/adresse ?q=…&limit=N, token in the `token` header (or
 *   query) → a bare list of { id, visningstekst, vejnavn, husnummer, postnummer, … }
 * - DAWA: GET …/autocomplete ?q=…&per_side=N → [{ type, tekst, forslagstekst, caretpos, data }]
 *
 * Requests and answers follow docs/decisions/address-provider.md. It answers from a small list of
 * real Danish addresses and can be told to fail in the ways a real provider does.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { adressevaelgerDefaults } from '../../server/address/defaults';

export type FakeAddressProviderKind = 'adressevaelger' | 'gsearch' | 'dawa';

/** A Danish address as the fake knows it. */
interface KnownAddress {
  vejnavn: string;
  husnr: string;
  postnr: string;
  postnrnavn: string;
  etage?: string;
  doer?: string;
}

// Public, well-known addresses, so suggestions look like the real services' answers.
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
  { vejnavn: 'Århusgade', husnr: '1', postnr: '2100', postnrnavn: 'København Ø' },
  { vejnavn: 'Århusgade', husnr: '1', postnr: '2100', postnrnavn: 'København Ø', etage: 'st', doer: 'tv' },
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

/** The address text all three services show, e.g. "Århusgade 1, st. tv, 2100 København Ø". */
export function addressText(address: KnownAddress): string {
  const unit = address.etage ? `, ${address.etage}.${address.doer ? ` ${address.doer}` : ''}` : '';
  return `${address.vejnavn} ${address.husnr}${unit}, ${address.postnr} ${address.postnrnavn}`;
}

function fakeId(index: number, kind = 0): string {
  return `0a3f50a${kind}-0000-32b8-e044-${String(index).padStart(12, '0')}`;
}

interface Match {
  address: KnownAddress;
  index: number;
  /** The exact text to show (the `fixed` mode), instead of one built from `address`. */
  text?: string;
}

const textOf = (match: Match) => match.text ?? addressText(match.address);

/** Parses "Vejnavn 12, 4000 By" back into parts (for the `fixed` mode). */
function parseText(text: string, index: number): Match {
  const [street = text, ...rest] = text.split(', ');
  const [postnr = '', ...city] = (rest.at(-1) ?? '').split(' ');
  const parts = street.split(' ');
  const husnr = parts.length > 1 ? (parts.pop() ?? '') : '';
  return { address: { vejnavn: parts.join(' '), husnr, postnr, postnrnavn: city.join(' ') }, index, text };
}

function search(query: string): Match[] {
  const words = query
    .toLocaleLowerCase('da-DK')
    .split(/[\s,.]+/)
    .filter(Boolean);
  return knownAddresses
    .map((address, index) => ({ address, index }))
    .filter(({ address }) => {
      const text = addressText(address).toLocaleLowerCase('da-DK');
      return words.length > 0 && words.every((word) => text.includes(word));
    });
}

/**
 * Adressevælger's `fund`: while the text has no house number it suggests streets per postal
 * area (navngivenvejpostnummer); with one, addresses (adresse) or house numbers (husnummer).
 */
function adressevaelgerFund(pathname: string, query: string, matches: Match[], fixed: boolean) {
  const byHouseNumber = pathname.startsWith('/husnumre/');
  if (!fixed && !/\d/.test(query)) {
    const streets = new Map<string, Match>();
    for (const match of matches) {
      const key = `${match.address.vejnavn}|${match.address.postnr}`;
      if (!streets.has(key)) streets.set(key, match);
    }
    return [...streets.values()].map(({ address, index }) => ({
      id: fakeId(index, 2),
      type: 'navngivenvejpostnummer',
      titel: `${address.vejnavn} ${address.postnr} ${address.postnrnavn}`,
      vejnavn: address.vejnavn,
      postnr: address.postnr,
      postdistrikt: address.postnrnavn,
      antal_husnumre: 1,
    }));
  }
  return matches.map((match) =>
    byHouseNumber
      ? {
          type: 'husnummer',
          id: fakeId(match.index, 1),
          titel: textOf(match),
          vejnavn: match.address.vejnavn,
          husnummer: match.address.husnr,
        }
      : {
          type: 'adresse',
          id: fakeId(match.index),
          titel: textOf(match),
          husnummerId: fakeId(match.index, 1),
        },
  );
}

/** GSearch's adresse resource items, with every field its own tests list. */
function gsearchItems(matches: Match[]) {
  return matches.map((match) => {
    const { address, index } = match;
    const point = { type: 'MultiPoint', coordinates: [[724802.02 + index, 6179167.92]] };
    return {
      id: fakeId(index),
      visningstekst: textOf(match),
      vejnavn: address.vejnavn,
      husnummer: address.husnr,
      etagebetegnelse: address.etage ?? null,
      doerbetegnelse: address.doer ?? null,
      supplerendebynavn: '',
      postnummer: address.postnr,
      postnummernavn: address.postnrnavn,
      kommunekode: '0265',
      kommunenavn: 'Roskilde',
      vejkode: '0080',
      geometri: point,
      vejpunkt_geometri: point,
    };
  });
}

/** DAWA's /autocomplete, /adresser/autocomplete and /adgangsadresser/autocomplete answers. */
function dawaBody(pathname: string, matches: Match[]) {
  const detail = ({ address, index }: Match) => ({
    id: fakeId(index),
    href: `/adresser/${fakeId(index)}`,
    vejnavn: address.vejnavn,
    adresseringsvejnavn: address.vejnavn,
    husnr: address.husnr,
    etage: address.etage ?? null,
    dør: address.doer ?? null,
    supplerendebynavn: null,
    postnr: address.postnr,
    postnrnavn: address.postnrnavn,
    stormodtagerpostnr: null,
    stormodtagerpostnrnavn: null,
    status: 1,
    darstatus: 3,
  });
  if (pathname.endsWith('/adresser/autocomplete')) {
    return matches.map((match) => ({ tekst: textOf(match), adresse: detail(match) }));
  }
  if (pathname.endsWith('/adgangsadresser/autocomplete')) {
    return matches.map((match) => ({ tekst: textOf(match), adgangsadresse: detail(match) }));
  }
  return matches.map((match) => {
    const tekst = textOf(match);
    return { type: 'adresse', tekst, forslagstekst: tekst, caretpos: tekst.length, data: detail(match) };
  });
}

export type FakeAddressProviderMode =
  /** Answers with matching addresses in the asked service's format (the default). */
  | { kind: 'ok' }
  /** Answers with exactly these address texts (in the asked service's format). */
  | { kind: 'fixed'; texts: string[] }
  /** Answers this status (default 500) with the service's own error body. */
  | { kind: 'error'; status?: number }
  /** Adressevælger only: HTTP 200 with { status: 'fejl', beskrivelse }. */
  | { kind: 'fejl' }
  /** Answers 200 with a body that is not JSON. */
  | { kind: 'garbage' }
  /** Answers 200 with JSON of the wrong shape (an object for GSearch/DAWA, a bare list for Adressevælger). */
  | { kind: 'wrong-shape' }
  /** Answers normally after a delay (to exercise the server's timeout and the spinner). */
  | { kind: 'slow'; delayMs: number }
  /** Closes the connection without answering. */
  | { kind: 'hangup' };

export interface FakeAddressRequest {
  /** Which service's path was asked (null: none of them). */
  kind: FakeAddressProviderKind | null;
  pathname: string;
  /** The search text: `tekst` (Adressevælger) or `q` (GSearch, DAWA). */
  q: string | null;
  /** The number asked for: `maksimum`, `limit` or `per_side`. */
  limit: string | null;
  /** The token sent: `token` query parameter or header. */
  token: string | null;
  /** The raw query string parameters. */
  params: Record<string, string>;
  at: number;
}

export interface FakeAddressProviderOptions {
  /** Tokens the fake accepts; default: Adressevælger's shared public token, and 'fake-gsearch-token'. */
  tokens?: Partial<Record<'adressevaelger' | 'gsearch', string>>;
}

export interface FakeAddressProvider {
  /** Origin of the fake, e.g. http://127.0.0.1:41234. */
  readonly url: string;
  /** What to pass as ADDRESS_API_URL for a kind (GSearch's is the full resource URL). */
  urlFor(kind: FakeAddressProviderKind): string;
  /** The tokens the fake accepts. */
  readonly tokens: Readonly<Record<'adressevaelger' | 'gsearch', string>>;
  /** Every request received, oldest first. */
  readonly requests: readonly FakeAddressRequest[];
  setMode(mode: FakeAddressProviderMode): void;
  /** Back to `{ kind: 'ok' }` and an empty request log. */
  reset(): void;
  close(): Promise<void>;
}

const gsearchPath = '/rest/gsearch/v2.0/adresse';

function kindOf(pathname: string): FakeAddressProviderKind | null {
  if (pathname === '/adresser/soeg' || pathname === '/husnumre/soeg') return 'adressevaelger';
  if (pathname === gsearchPath) return 'gsearch';
  if (pathname.endsWith('/autocomplete')) return 'dawa';
  return null;
}

function errorBody(kind: FakeAddressProviderKind, status: number, text: string): unknown {
  switch (kind) {
    case 'adressevaelger':
      return { status: 'fejl', beskrivelse: text };
    case 'gsearch': {
      const name = status >= 500 ? 'INTERNAL_SERVER_ERROR' : status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST';
      return { status: name, message: text, errors: [text] };
    }
    case 'dawa':
      return { type: status >= 500 ? 'InternalServerError' : 'QueryParameterFormatError', title: text };
  }
}

export async function startFakeAddressProvider(
  options: FakeAddressProviderOptions = {},
): Promise<FakeAddressProvider> {
  const tokens = {
    adressevaelger: options.tokens?.adressevaelger ?? adressevaelgerDefaults.token,
    gsearch: options.tokens?.gsearch ?? 'fake-gsearch-token',
  };
  let mode: FakeAddressProviderMode = { kind: 'ok' };
  const requests: FakeAddressRequest[] = [];

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const params = Object.fromEntries(url.searchParams);
    const kind = kindOf(url.pathname);
    const headerToken = request.headers.token;
    const token = url.searchParams.get('token') ?? (typeof headerToken === 'string' ? headerToken : null);
    const q = kind === 'adressevaelger' ? url.searchParams.get('tekst') : url.searchParams.get('q');
    const limitParam = { adressevaelger: 'maksimum', gsearch: 'limit', dawa: 'per_side' }[kind ?? 'dawa'];
    const limit = url.searchParams.get(limitParam);
    requests.push({ kind, pathname: url.pathname, q, limit, token, params, at: Date.now() });

    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
      response.end(JSON.stringify(body));
    };

    if (!kind) {
      json(404, {
        type: 'about:blank',
        title: 'Not Found',
        status: 404,
        detail: `No static resource ${url.pathname}.`,
      });
      return;
    }

    // What the real services check before they search.
    const refusal = (): [number, unknown] | null => {
      if (kind === 'adressevaelger') {
        if (token !== tokens.adressevaelger)
          return [401, errorBody(kind, 401, 'token mangler eller er ugyldig')];
        if (!q) return [400, errorBody(kind, 400, 'tekst eller vejnavn skal angives')];
        if (q.length > 73) return [400, errorBody(kind, 400, `tekst må højst være 73 tegn (${q.length})`)];
        if (limit && Number(limit) > 200)
          return [400, errorBody(kind, 400, `maksimum skal være <= 200 (${limit})`)];
      }
      if (kind === 'gsearch') {
        if (token !== tokens.gsearch) return [401, null];
        if (q === null) {
          const text = "Required request parameter 'q' for method parameter type String is not present";
          return [400, errorBody(kind, 400, text)];
        }
        if (!q.trim()) return [400, errorBody(kind, 400, 'getAdresse.q: must not be blank')];
        if (limit && Number(limit) > 100) {
          return [400, errorBody(kind, 400, 'getAdresse.limit: must be less than or equal to 100')];
        }
      }
      return null;
    };

    const answer = () => {
      const refused = refusal();
      if (refused) {
        const [status, body] = refused;
        if (body === null) {
          response.writeHead(status);
          response.end();
        } else json(status, body);
        return;
      }
      const defaultLimit = { adressevaelger: 100, gsearch: 10, dawa: 20 }[kind];
      const max = Math.max(1, Number(limit ?? defaultLimit) || defaultLimit);
      const fixed = mode.kind === 'fixed';
      const matches = (mode.kind === 'fixed' ? mode.texts.map(parseText) : search(q ?? '')).slice(0, max);
      if (kind === 'adressevaelger') {
        json(200, {
          status: 'ok',
          beskrivelse: '',
          fund: adressevaelgerFund(url.pathname, q ?? '', matches, fixed),
        });
      } else if (kind === 'gsearch') {
        response.setHeader('content-crs', '<https://www.opengis.net/def/crs/EPSG/0/25832>');
        json(200, gsearchItems(matches));
      } else {
        json(200, dawaBody(url.pathname, matches));
      }
    };

    switch (mode.kind) {
      case 'error': {
        const status = mode.status ?? 500;
        json(status, errorBody(kind, status, status >= 500 ? 'Something unexpected happened' : 'Refused'));
        return;
      }
      case 'fejl':
        json(200, errorBody(kind, 500, 'Søgningen kunne ikke gennemføres'));
        return;
      case 'garbage':
        response.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
        response.end('<html><body>Ikke JSON {');
        return;
      case 'wrong-shape':
        json(
          200,
          kind === 'adressevaelger'
            ? [{ titel: 'Vestergade 10, 1456 København K' }]
            : { tekst: 'Vestergade 10' },
        );
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
  const origin = `http://127.0.0.1:${port}`;

  return {
    url: origin,
    urlFor: (kind) => (kind === 'gsearch' ? `${origin}${gsearchPath}` : origin),
    tokens,
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
