import { startTestService, type TestService } from '@seatside/chassis/src/testkit/service';
import { createCatalogService } from '../index';
import { fontMessages } from '../fonts/catalogue';
import { domainMessages, type DnsPort } from './domains';
import { tenants, type TenantDoc } from './projections';
import { settingsMessages as m } from './settings';
import { tenantMessages } from './tenant';

/** A resolver over a table the spec fills in: what the tenant's DNS would answer once it created the records. */
function fakeDns() {
  const txt = new Map<string, string[][]>();
  const a = new Map<string, string[]>();
  const cname = new Map<string, string[]>();
  const missing = (name: string) => Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  const port: DnsPort = {
    resolveTxt: async (name) => txt.get(name) ?? Promise.reject(missing(name)),
    resolve4: async (name) => a.get(name) ?? Promise.reject(missing(name)),
    resolveCname: async (name) => cname.get(name) ?? Promise.reject(missing(name)),
  };
  return { port, txt, a, cname };
}

describe('settings sections: goals, links, teleport, text translations, fonts by plan; handle, domains, delete (issue 18)', () => {
  let svc: TestService;
  let alice: string;
  let merchant: string;
  const dns = fakeDns();
  const bearer = async (uid: string) => `Bearer ${await svc.tokenFor({ uid })}`;
  const read = async (path = `/v1/merchants/${merchant}`) => (await svc.http().get(path).set('authorization', alice)).body;
  const post = (path: string, body: unknown = {}, auth = alice) => svc.http().post(path).set('authorization', auth).send(body as object);
  const save = (body: unknown, auth = alice) => post(`/v1/merchants/${merchant}`, body, auth);
  const head = async () => (await svc.committed()).length;
  const create = async (name: string, handle: string, collection = 'merchants') => (await post(`/v1/${collection}/create`, { name, handle })).body.id as string;

  beforeAll(async () => {
    svc = await startTestService(createCatalogService({ dns: dns.port, customDomainARecord: '203.0.113.7', customDomainCname: 'domains.example.net' }), { sources: ['identity', 'media'] });
    alice = await bearer('alice');
    merchant = await create('Section 114 Nachos', 'nachos-manage');
  });
  afterAll(() => svc.stop());

  it('given a new merchant, then no goals, links, teleport or translations', async () => {
    expect(await read()).toMatchObject({ goals: { dailyOrderVolume: 0, dailyOrderRevenue: 0 }, links: [], teleport: { enable: false, destination: '' }, textTranslations: [] });
  });

  it('given goals, then zero or empty pass, the bounds hold with the seed\'s messages, and a refused save writes nothing', async () => {
    expect((await save({ goals: { dailyOrderVolume: 50, dailyOrderRevenue: '' } })).status).toBe(200);
    expect((await read()).goals).toEqual({ dailyOrderVolume: 50, dailyOrderRevenue: 0 });
    const before = await head();
    const res = await save({ goals: { dailyOrderVolume: 9, dailyOrderRevenue: 10_001 } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ 'goals.dailyOrderVolume': m.dailyOrderVolume, 'goals.dailyOrderRevenue': m.dailyOrderRevenue });
    expect(await head()).toBe(before);
  });

  it('given links, then the defaults fill in and the storefront shows only the visible ones, in order', async () => {
    const before = await head();
    const links = [{ title: 'Instagram', url: 'https://instagram.example/nachos' }, { title: 'Hidden', url: 'https://x.example', visible: false, target: '_self' }];
    expect((await save({ links })).status).toBe(200);
    expect(await head()).toBe(before + 1);
    expect((await read()).links).toEqual([
      { title: 'Instagram', url: 'https://instagram.example/nachos', type: 'DEFAULT', icon: null, visible: true, target: '_blank' },
      { title: 'Hidden', url: 'https://x.example', type: 'DEFAULT', icon: null, visible: false, target: '_self' },
    ]);
    const page = (await svc.http().get('/v1/storefront/nachos-manage')).body;
    expect(page.merchant.links).toEqual([{ title: 'Instagram', url: 'https://instagram.example/nachos', type: 'DEFAULT', icon: null, target: '_blank' }]);
  });

  it('given a link URL that is not http(s), then 400 on that link\'s url and nothing is saved: the storefront puts it in an href', async () => {
    const before = await head();
    for (const url of ['javascript:alert(1)', 'data:text/html,<b>hi</b>', 'instagram.example/nachos']) {
      const res = await save({ links: [{ title: 'Instagram', url: 'https://instagram.example/nachos' }, { title: 'Oops', url }] });
      expect([url, res.status, res.type, res.body.errors]).toEqual([url, 400, 'application/problem+json', { 'links.1.url': m.invalidUrl }]);
    }
    expect(await head()).toBe(before);
    expect((await read()).links.map((link: { url: string }) => link.url)).toEqual(['https://instagram.example/nachos', 'https://x.example']);
  });

  it('given teleport, then the URL is required when enabled and must be http(s) with a dot; the public page then redirects', async () => {
    expect((await save({ teleport: { enable: true, destination: '' } })).body.errors).toEqual({ 'teleport.destination': m.teleportUrlRequired });
    for (const bad of ['ftp://x.example', 'https://localhost', 'nachos.example']) {
      expect((await save({ teleport: { enable: true, destination: bad } })).body.errors).toEqual({ 'teleport.destination': m.teleportUrlInvalid });
    }
    expect((await svc.http().get('/v1/public-pages/nachos-manage')).body).toEqual({ type: 'merchants', id: merchant, handle: 'nachos-manage', redirect: null });
    expect((await save({ teleport: { enable: true, destination: 'https://elsewhere.example/menu' } })).status).toBe(200);
    expect((await svc.http().get('/v1/public-pages/nachos-manage')).body.redirect).toBe('https://elsewhere.example/menu');
    expect((await svc.http().get('/v1/storefront/nachos-manage')).body.merchant.teleport).toBe('https://elsewhere.example/menu');
    expect((await save({ teleport: { enable: false, destination: 'https://elsewhere.example/menu' } })).status).toBe(200);
    expect((await svc.http().get('/v1/public-pages/nachos-manage')).body.redirect).toBeNull();
  });

  it('given text translations, then kept in order and in the storefront document', async () => {
    const textTranslations = [{ search: 'Checkout', replace: 'Pay now' }, { search: 'Pickup', replace: 'Collect' }];
    expect((await save({ textTranslations })).status).toBe(200);
    expect((await read()).textTranslations).toEqual(textTranslations);
    expect((await svc.http().get('/v1/storefront/nachos-manage')).body.merchant.textTranslations).toEqual(textTranslations);
    // The install splash: the manifest takes splashScreenBackground.
    await save({ colors: { primary: '#ff6600', splashScreenBackground: '#101820' } });
    const manifest = await svc.http().get('/v1/storefront/nachos-manage/manifest.webmanifest');
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(JSON.parse(manifest.text)).toMatchObject({ name: 'Section 114 Nachos', start_url: '/nachos-manage', background_color: '#101820', theme_color: '#ff6600' });
    expect((await save({ textTranslations: [{ search: '', replace: 'x' }] })).body.errors).toEqual({ 'textTranslations.0.search': 'Required' });
  });

  it('given a free tenant, then a pro font is refused (403, per field) and a free one saved; a pro tenant may use any', async () => {
    const before = await head();
    const refused = await save({ fonts: { headlines: 'Oswald', base: 'Roboto' } });
    expect([refused.status, refused.body.message, refused.body.errors]).toEqual([403, fontMessages.proOnly, { 'fonts.headlines': fontMessages.proOnly }]);
    expect(await head()).toBe(before);
    expect((await save({ fonts: { headlines: 'Montserrat', base: 'Open Sans' } })).status).toBe(200);
    // The plan is a tenant field a platform admin sets; here straight on the read model.
    await svc.started.deps.readModels.collection<TenantDoc>(tenants).patch(merchant, { plan: 'pro' });
    expect((await save({ fonts: { headlines: 'Oswald', base: 'Roboto' } })).status).toBe(200);
    const catalogue = (await svc.http().get('/v1/fonts')).body.data as { family: string; pro: boolean }[];
    expect(catalogue.slice(0, 5)).toEqual(['Roboto', 'Open Sans', 'Lato', 'Montserrat', 'Poppins'].map((family) => ({ family, pro: false })));
    expect(catalogue.find((f) => f.family === 'Oswald')).toEqual({ family: 'Oswald', pro: true });
  });

  it('given a handle change, then normalised and unique, the old handle redirects to the new one and stays held', async () => {
    const other = await create('Other', 'other-manage');
    expect((await post(`/v1/merchants/${merchant}/handle`, { handle: '' })).body.errors).toEqual({ handle: tenantMessages.handleRequired });
    expect((await post(`/v1/merchants/${merchant}/handle`, { handle: 'Other Manage' })).status).toBe(409);
    const res = await post(`/v1/merchants/${merchant}/handle`, { handle: 'Nachos  Two!' });
    expect(res.body).toEqual({ message: tenantMessages.handleUpdated, handle: 'nachos-two' });
    expect((await read()).handle).toBe('nachos-two');
    expect((await svc.http().get('/v1/public-pages/nachos-manage')).body).toMatchObject({ handle: 'nachos-two', redirect: '/nachos-two' });
    expect((await svc.http().get('/v1/storefront/nachos-two')).status).toBe(200);
    // Held: another tenant cannot take it during the 30 days.
    expect((await post(`/v1/merchants/${other}/handle`, { handle: 'nachos-manage' })).status).toBe(409);
    expect((await svc.started.deps.eventStore.readStream(`merchant-${merchant}`)).pop()).toMatchObject({ type: 'MerchantUpdated', data: { handle: 'nachos-two', previousHandle: 'nachos-manage' } });
  });

  it('given a custom domain, then the DNS records to create; verified once DNS has them, and only then served by Host', async () => {
    expect((await post(`/v1/merchants/${merchant}/domains`, { domain: '' })).body.errors).toEqual({ domain: domainMessages.required });
    expect((await post(`/v1/merchants/${merchant}/domains`, { domain: 'not a domain' })).body.errors).toEqual({ domain: domainMessages.invalid });
    const added = await post(`/v1/merchants/${merchant}/domains`, { domain: 'nachos.example' });
    expect(added.status).toBe(200);
    const [routing, ownership] = added.body.verification;
    expect(routing).toEqual({ type: 'A', domain: 'nachos.example', value: '203.0.113.7', reason: expect.any(String) });
    expect(ownership).toMatchObject({ type: 'TXT', domain: '_seatside.nachos.example', value: expect.stringMatching(/^seatside-verification=/) });
    expect(added.body).toMatchObject({ message: domainMessages.added, verified: false });
    expect((await svc.http().get('/v1/public-pages?host=nachos.example')).status).toBe(404);

    dns.txt.set('_seatside.nachos.example', [[ownership.value]]);
    dns.a.set('nachos.example', ['203.0.113.7']);
    expect((await post(`/v1/merchants/${merchant}/domains/verify`)).body).toMatchObject({ message: domainMessages.verified, verified: true });
    expect((await svc.http().get('/v1/public-pages?host=Nachos.Example:443')).body).toMatchObject({ id: merchant, handle: 'nachos-two' });

    const sub = await post(`/v1/merchants/${merchant}/domains`, { domain: 'order.nachos.example' });
    expect(sub.body.verification[0]).toMatchObject({ type: 'CNAME', domain: 'order.nachos.example', value: 'domains.example.net' });
    const removed = await svc.http().delete(`/v1/merchants/${merchant}/domains/delete`).set('authorization', alice);
    expect(removed.body).toMatchObject({ message: domainMessages.removed, domain: '' });
    expect((await read()).handle).toBe('nachos-two');
    expect((await svc.http().get('/v1/public-pages?host=order.nachos.example')).status).toBe(404);
  });

  it('given someone who is not an admin, then handle, domain and delete are refused and nothing is written', async () => {
    const before = await head();
    const mallory = await bearer('mallory');
    expect((await post(`/v1/merchants/${merchant}/handle`, { handle: 'stolen-one' }, mallory)).status).toBe(403);
    expect((await post(`/v1/merchants/${merchant}/domains`, { domain: 'stolen.example' }, mallory)).status).toBe(403);
    expect((await post(`/v1/merchants/${merchant}/delete`, {}, mallory)).status).toBe(403);
    expect((await svc.http().post(`/v1/merchants/${merchant}/delete`)).status).toBe(401);
    expect(await head()).toBe(before);
  });

  it('given a delete, then the tenant is gone from reads and its public page, and its handle is held', async () => {
    const doomed = await create('Doomed Diner', 'doomed-diner');
    const res = await post(`/v1/merchants/${doomed}/delete`);
    expect(res.body).toEqual({ message: tenantMessages.deleted.merchants });
    expect((await read(`/v1/merchants/${doomed}`)).message).toBe('Merchant not found');
    expect((await svc.http().get('/v1/storefront/doomed-diner')).status).toBe(404);
    expect((await svc.http().get('/v1/public-pages/doomed-diner')).status).toBe(404);
    expect((await post('/v1/merchants/create', { name: 'Copycat', handle: 'doomed-diner' })).status).toBe(409);
    expect((await svc.started.deps.eventStore.readStream(`merchant-${doomed}`)).pop()).toMatchObject({ type: 'MerchantDeleted', data: { id: doomed, handle: 'doomed-diner', by: 'alice' } });
  });
});
