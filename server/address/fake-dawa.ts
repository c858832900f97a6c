/**
 * A fake DAWA-compatible address service on 127.0.0.1 for tests. It answers
 * GET /autocomplete?q=…&per_side=N in DAWA's real autocomplete format and can be told to fail.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeMode = 'ok' | 'error' | 'garbage' | 'slow' | 'not-a-list';

export interface FakeDawa {
  url: string;
  mode: FakeMode;
  /** Every query it received (q values), in order. */
  queries: string[];
  close(): Promise<void>;
}

const streets = [
  ['Vestergade', '4000', 'Roskilde'],
  ['Vestergade', '8000', 'Aarhus C'],
  ['Vesterbrogade', '1620', 'København V'],
  ['Vestervang', '8000', 'Aarhus C'],
  ['Vestre Allé', '9000', 'Aalborg'],
  ['Vestergårdsvej', '2600', 'Glostrup'],
  ['Vesterled', '5000', 'Odense C'],
  ['Vestermarken', '4100', 'Ringsted'],
  ['Vestagervej', '2900', 'Hellerup'],
  ['Vestbyvej', '4600', 'Køge'],
] as const;

/** One item exactly as DAWA's /autocomplete answers it for type 'adresse'. */
export function dawaItem(index: number, query: string) {
  const [street, postnr, city] = streets[index % streets.length] ?? streets[0];
  const number = String(index + 1);
  const tekst = `${street} ${number}, ${postnr} ${city}`;
  return {
    type: 'adresse',
    tekst,
    forslagstekst: tekst,
    caretpos: tekst.length,
    data: {
      id: `0a3f50a0-${String(index).padStart(4, '0')}-32b8-e044-0003ba298018`,
      status: 1,
      darstatus: 3,
      vejkode: '0735',
      vejnavn: street,
      adresseringsvejnavn: street,
      husnr: number,
      etage: null,
      dør: null,
      supplerendebynavn: null,
      postnr,
      postnrnavn: city,
      stormodtagerpostnr: null,
      stormodtagerpostnrnavn: null,
      kommunekode: '0265',
      adgangsadresseid: `0a3f5089-${String(index).padStart(4, '0')}-32b8-e044-0003ba298018`,
      x: 12.0803,
      y: 55.6415,
      href: `https://dawa.invalid/adresser/0a3f50a0-${String(index).padStart(4, '0')}-32b8-e044-0003ba298018`,
      query,
    },
  };
}

export async function startFakeDawa(options: { slowMs?: number } = {}): Promise<FakeDawa> {
  const state = { mode: 'ok' as FakeMode, queries: [] as string[] };
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/autocomplete') {
      response.writeHead(404).end();
      return;
    }
    const q = url.searchParams.get('q') ?? '';
    state.queries.push(q);
    const perSide = Number(url.searchParams.get('per_side') ?? '20');
    const send = () => {
      if (state.mode === 'error') {
        response.writeHead(500, { 'content-type': 'application/json' }).end('{"type":"InternalError"}');
        return;
      }
      if (state.mode === 'garbage') {
        response.writeHead(200, { 'content-type': 'application/json' }).end('[{"tekst": "Vestergade 1, 40');
        return;
      }
      if (state.mode === 'not-a-list') {
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"tekst":"Vestergade 1"}');
        return;
      }
      const matching = q.toLowerCase().startsWith('zzz') ? 0 : 10;
      const items = Array.from({ length: Math.min(perSide, matching) }, (_, i) => dawaItem(i, q));
      response
        .writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
        .end(JSON.stringify(items));
    };
    if (state.mode === 'slow') setTimeout(send, options.slowMs ?? 3000).unref();
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get mode() {
      return state.mode;
    },
    set mode(value: FakeMode) {
      state.mode = value;
    },
    queries: state.queries,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
