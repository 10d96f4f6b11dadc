import { startTestService, type TestService } from '@seatside/chassis/src/testkit/service';
import { authMessages } from '@seatside/chassis';
import { catalogService } from '../index';
import { settingsMessages as m, weekDays } from './settings';

const noAccess = 'You do not have access to this page.';
const week = (change: (day: string) => Record<string, unknown> = () => ({})) =>
  weekDays.map((day) => ({ day, isOpen: true, openAllDay: false, open: { time: '0900' }, close: { time: '2100' }, ...change(day) }));

describe('settings: POST /v1/{collection}/{id} {hours, colors, fonts, details, address} (seed 001 §3, §5, §7)', () => {
  let svc: TestService;
  let alice: string;
  let merchant: string;
  let venue: string;
  const bearer = async (uid: string, tenant?: { collection: 'merchants'; id: string; testMode: boolean }) => `Bearer ${await svc.tokenFor({ uid, ...(tenant ? { tenant } : {}) })}`;
  const read = async (path = `/v1/merchants/${merchant}`) => (await svc.http().get(path).set('authorization', alice)).body;
  const save = (body: unknown, auth = alice, path = `/v1/merchants/${merchant}`) => svc.http().post(path).set('authorization', auth).send(body as object);
  const head = async () => (await svc.committed()).length;

  beforeAll(async () => {
    svc = await startTestService(catalogService, { sources: ['identity', 'media'] });
    alice = await bearer('alice');
    merchant = (await save({ name: 'Section 114 Nachos', handle: 'section-114-settings' }, alice, '/v1/merchants/create')).body.id;
    venue = (await save({ name: 'Arena', handle: 'arena-settings' }, alice, '/v1/venues/create')).body.id;
    await svc.grant({ uid: 'tina', tenantId: merchant });
  });
  afterAll(() => svc.stop());

  it('given a new merchant, then no hours, colors, fonts or address and empty contact details', async () => {
    expect(await read()).toMatchObject({ phone: '', email: '', website: '', promptAppInstall: false, address: null, colors: null, fonts: null, hours: [] });
  });

  it('given hours in any order, when saved, then "Settings saved", kept Sunday first, closed and all-day days without times', async () => {
    const hours = week((day) => (day === 'Monday' ? { isOpen: false, open: { time: '' }, close: { time: '' } } : day === 'Saturday' ? { openAllDay: true, open: {}, close: {} } : {})).reverse();
    const res = await save({ hours });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: m.saved });
    const saved = (await read()).hours;
    expect(saved.map((d: { day: string }) => d.day)).toEqual([...weekDays]);
    expect(saved[0]).toEqual({ day: 'Sunday', isOpen: true, openAllDay: false, open: { time: '0900' }, close: { time: '2100' } });
    expect(saved[1]).toEqual({ day: 'Monday', isOpen: false, openAllDay: false, open: { time: null }, close: { time: null } });
    expect(saved[6]).toEqual({ day: 'Saturday', isOpen: true, openAllDay: true, open: { time: null }, close: { time: null } });
  });

  it('given details, colors, fonts and address, when saved one by one, then each section merges and the others are kept', async () => {
    await save({ details: { name: 'Nachos 114', phone: '+1 555 0100', promptAppInstall: true } });
    await save({ colors: { primary: '#ff6600', secondary: 'linear-gradient(#fff, #000)' } });
    await save({ fonts: { headlines: 'Lato', base: 'Roboto' } });
    await save({ address: { line1: '1 Stadium Way', city: 'Seattle', state: 'WA', postal_code: '98134' } });
    await save({ details: { website: 'https://nachos.example' } });
    const doc = await read();
    expect(doc).toMatchObject({
      name: 'Nachos 114', description: '', phone: '+1 555 0100', website: 'https://nachos.example', promptAppInstall: true, timeZone: 'America/Los_Angeles',
      colors: { primary: '#ff6600', secondary: 'linear-gradient(#fff, #000)', success: '', info: '', error: '', splashScreenBackground: '' },
      fonts: { headlines: 'Lato', base: 'Roboto' },
      address: { line1: '1 Stadium Way', line2: '', city: 'Seattle', state: 'WA', postal_code: '98134' },
    });
    expect(doc.hours).toHaveLength(7);
  });

  it('given a save, then one MerchantUpdated with the sent fields flat (identity reads name there) and who saved it', async () => {
    await save({ details: { name: 'Nachos 115', description: 'Loaded' }, googlePlaceId: 'ChIJ9' });
    const updated = (await svc.started.deps.eventStore.readStream(`merchant-${merchant}`)).pop();
    expect(updated).toMatchObject({ type: 'MerchantUpdated', data: { id: merchant, name: 'Nachos 115', description: 'Loaded', googlePlaceId: 'ChIJ9', by: 'alice' } });
    expect(Object.keys(updated!.data as object).sort()).toEqual(['at', 'by', 'description', 'googlePlaceId', 'id', 'name']);
  });

  it('given settings and checkoutOptions together, then both are saved in one append', async () => {
    const before = await head();
    expect((await save({ fonts: { headlines: 'Poppins', base: 'Roboto' }, checkoutOptions: { paused: true } })).status).toBe(200);
    expect(await head()).toBe(before + 2);
    expect(await read()).toMatchObject({ fonts: { headlines: 'Poppins' }, checkoutOptions: { paused: true } });
  });

  it('given invalid sections, then 400 with the spec messages on the fields, and nothing changes', async () => {
    const before = await head();
    const time = await save({ hours: week((day) => (day === 'Tuesday' ? { open: { time: '9:00' } } : {})) });
    expect(time.status).toBe(400);
    expect(time.body.errors).toEqual({ 'hours.2.open.time': m.timeAsHHMM });
    expect((await save({ hours: week().slice(1) })).body.errors).toEqual({ hours: m.sevenDays });
    expect((await save({ colors: { secondary: '#000' } })).body.errors).toEqual({ 'colors.primary': m.required });
    expect((await save({ fonts: { headlines: ' ', base: 'Roboto' } })).body.errors).toEqual({ 'fonts.headlines': m.required });
    expect((await save({ details: { name: '' } })).body.errors).toEqual({ 'details.name': m.nameRequired });
    expect((await save({ details: { timeZone: 'Mars/Olympus' } })).body.errors).toEqual({ 'details.timeZone': m.invalidTimeZone });
    expect((await save({ menus: [] })).status).toBe(400);
    expect((await save({})).body.message).toBe('Nothing to update');
    expect(await head()).toBe(before);
  });

  it('given an email, website or phone that is not one, then 400 with a message on each field and nothing changes; empty ones pass', async () => {
    const before = await head();
    const res = await save({ details: { email: 'bad-email', website: 'not a site', phone: 'abc' } });
    expect([res.status, res.type]).toEqual([400, 'application/problem+json']);
    expect(res.body.errors).toEqual({ 'details.email': m.invalidEmail, 'details.website': m.invalidUrl, 'details.phone': m.invalidPhone });
    for (const website of ['javascript:alert(1)', 'nachos.example', 'ftp://nachos.example']) {
      expect((await save({ details: { website } })).body.errors).toEqual({ 'details.website': m.invalidUrl });
    }
    for (const phone of ['555-CALL', '12345', '1'.repeat(21)]) expect((await save({ details: { phone } })).body.errors).toEqual({ 'details.phone': m.invalidPhone });
    expect((await save({ details: { email: 'a@b' } })).body.errors).toEqual({ 'details.email': m.invalidEmail });
    expect(await head()).toBe(before);
    expect((await save({ details: { email: ' hi@nachos.example ', website: 'http://nachos.example/menu', phone: '(206) 555-0100' } })).status).toBe(200);
    expect(await read()).toMatchObject({ email: 'hi@nachos.example', website: 'http://nachos.example/menu', phone: '(206) 555-0100' });
    expect((await save({ details: { email: '', website: '', phone: '' } })).status).toBe(200);
    expect(await read()).toMatchObject({ email: '', website: '', phone: '' });
  });

  it('given anyone but an admin (or the production key), then refused and nothing changes', async () => {
    const before = await head();
    expect((await svc.http().post(`/v1/merchants/${merchant}`).send({ fonts: { headlines: 'X', base: 'Y' } })).status).toBe(401);
    for (const auth of [await bearer('tina'), await bearer('mallory')]) {
      const res = await save({ fonts: { headlines: 'X', base: 'Y' } }, auth);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(noAccess);
    }
    // A sandbox key never changes what the production storefront shows (settings, hours, colors, checkoutOptions).
    const sandboxKey = await bearer('key', { collection: 'merchants', id: merchant, testMode: true });
    for (const body of [{ fonts: { headlines: 'X', base: 'Y' } }, { hours: week() }, { colors: { primary: '#f00' } }, { checkoutOptions: { paused: true } }]) {
      const res = await save(body, sandboxKey);
      expect([res.status, res.type, res.body.message]).toEqual([403, 'application/problem+json', authMessages.sandboxKeyCannotChangeStorefront]);
    }
    expect(await head()).toBe(before);
    expect((await read()).fonts).toEqual({ headlines: 'Poppins', base: 'Roboto' });
    expect((await save({ details: { email: 'hi@nachos.example' } }, await bearer('key', { collection: 'merchants', id: merchant, testMode: false }))).status).toBe(200);
  });

  it('given a venue, then the same sections save as VenueUpdated; checkoutOptions is not a venue field', async () => {
    const path = `/v1/venues/${venue}`;
    expect((await save({ hours: week(), address: { line1: '2 Arena Rd' } }, alice, path)).body).toEqual({ message: m.saved });
    expect(await read(path)).toMatchObject({ hours: expect.any(Array), address: { line1: '2 Arena Rd' } });
    expect((await svc.started.deps.eventStore.readStream(`venue-${venue}`)).pop()?.type).toBe('VenueUpdated');
    expect((await save({ checkoutOptions: { paused: true } }, alice, path)).status).toBe(400);
  });

  it('given an unknown id or one of another collection, then the collection\'s not found', async () => {
    expect((await save({ fonts: { headlines: 'X', base: 'Y' } }, alice, '/v1/apps/nope')).body.message).toBe('App not found');
    expect((await save({ fonts: { headlines: 'X', base: 'Y' } }, alice, `/v1/venues/${merchant}`)).body.message).toBe('Venue not found');
  });
});
