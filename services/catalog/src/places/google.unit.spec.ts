import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { GooglePlacesError, googlePlacesProvider } from './google';

interface Received {
  method?: string;
  url?: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

/** A stand-in for the Places API at the network boundary: records each request, answers what it is told. */
async function fakePlacesApi() {
  const received: Received[] = [];
  let answer: { status: number; body: unknown } = { status: 200, body: {} };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      received.push({ method: req.method, url: req.url, headers: req.headers, body: raw ? JSON.parse(raw) : undefined });
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    answer: (status: number, body: unknown) => (answer = { status, body }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the Google Places adapter', () => {
  let api: Awaited<ReturnType<typeof fakePlacesApi>>;
  beforeAll(async () => (api = await fakePlacesApi()));
  afterAll(() => api.close());

  it('given a query, then one Autocomplete call restricted to US establishments, keyed by the API key', async () => {
    api.answer(200, { suggestions: [] });
    await googlePlacesProvider({ apiKey: 'key-123', baseUrl: api.baseUrl }).search("joe's pizza");
    expect(api.received.at(-1)).toMatchObject({
      method: 'POST',
      url: '/v1/places:autocomplete',
      headers: { 'x-goog-api-key': 'key-123', 'content-type': 'application/json' },
      body: { input: "joe's pizza", includedRegionCodes: ['us'], includedPrimaryTypes: ['establishment'] },
    });
  });

  it('given place predictions, then places: main text as name, secondary text as address; query predictions skipped', async () => {
    api.answer(200, {
      suggestions: [
        {
          placePrediction: {
            placeId: 'ChIJabc',
            text: { text: "Joe's Pizza, Carmine Street, New York, NY, USA" },
            structuredFormat: { mainText: { text: "Joe's Pizza" }, secondaryText: { text: 'Carmine Street, New York, NY, USA' } },
          },
        },
        { queryPrediction: { text: { text: 'joes pizza near me' } } },
        { placePrediction: { placeId: 'ChIJdef', text: { text: 'Fenway Park' } } },
      ],
    });
    const places = await googlePlacesProvider({ apiKey: 'k', baseUrl: api.baseUrl }).search('joe');
    expect(places).toEqual([
      { placeId: 'ChIJabc', name: "Joe's Pizza", address: 'Carmine Street, New York, NY, USA' },
      { placeId: 'ChIJdef', name: 'Fenway Park', address: '' },
    ]);
  });

  it('given an answer without suggestions, then no places', async () => {
    api.answer(200, {});
    await expect(googlePlacesProvider({ apiKey: 'k', baseUrl: api.baseUrl }).search('zzz')).resolves.toEqual([]);
  });

  it('given an error answer, then a GooglePlacesError with its status and message', async () => {
    api.answer(403, { error: { code: 403, message: 'API key not valid.', status: 'PERMISSION_DENIED' } });
    const search = googlePlacesProvider({ apiKey: 'bad', baseUrl: api.baseUrl }).search('joe');
    await expect(search).rejects.toBeInstanceOf(GooglePlacesError);
    await expect(search).rejects.toMatchObject({ status: 403, message: 'API key not valid.' });
  });
});
