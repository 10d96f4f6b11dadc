import { webAppUnderTest } from './browser';

describe('the web app as a person opens it', () => {
  const app = webAppUnderTest('browser');

  it('given the platform is running, when / is opened, then the Seatside web app renders', async () => {
    const page = await app.visitor();
    const response = await page.goto(app.url);
    expect(response?.status()).toBe(200);
    await expect(page.title()).resolves.toBe('Seatside');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
  });

  it('when a deep link is refreshed, then the app page (not a 404) is served', async () => {
    const page = await app.visitor();
    const response = await page.goto(`${app.url}/dashboard/merchants/x/coupons`);
    expect(response?.status()).toBe(200);
    await expect(page.title()).resolves.toBe('Seatside');
  });

  it('when an unknown API path is requested, then it is a problem+json 404, not the page', async () => {
    const res = await fetch(`${app.url}/v1/nothing-here`, { headers: { accept: 'text/html,application/json' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
  });
});
