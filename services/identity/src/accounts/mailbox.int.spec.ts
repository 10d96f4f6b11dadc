import { startIdentity } from './testing';

describe('the dev mailbox', () => {
  let svc: Awaited<ReturnType<typeof startIdentity>>;
  beforeAll(async () => {
    svc = await startIdentity();
  });
  afterAll(() => svc.stop());

  it('given no mail yet, then an empty list and a page that says so', async () => {
    expect((await svc.http().get('/v1/dev/mailbox.json')).body).toEqual([]);
    expect((await svc.http().get('/v1/dev/mailbox')).text).toContain('No mail yet.');
  });

  it('given two mails, then JSON lists them newest first and the page shows their links as anchors', async () => {
    const first = await svc.signUp();
    const second = await svc.signUp({ firstName: '<script>alert(1)</script>' });
    await svc.http().post('/v1/users/forget-password').send({ email: first.email });
    await svc.settled();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await svc.http().post('/v1/auth/email-link').send({ email: second.email });
    await svc.settled();

    const json = await svc.http().get('/v1/dev/mailbox.json');
    expect(json.status).toBe(200);
    expect(json.body.map((mail: { to: string }) => mail.to)).toEqual([second.email, first.email]);
    expect(json.body[0]).toEqual({ id: expect.any(String), to: second.email, subject: expect.any(String), text: expect.any(String), html: expect.any(String), links: [expect.stringContaining('mode=signIn')], sentAt: expect.any(String) });

    const page = await svc.http().get('/v1/dev/mailbox');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    const link = json.body[1].links[0].replace(/&/g, '&amp;');
    expect(page.text).toContain(`<a href="${link}">`);
    expect(page.text.indexOf(second.email)).toBeLessThan(page.text.indexOf(first.email));
  });

  it('given SMTP is configured, then both mailbox routes are 404', async () => {
    const smtp = await startIdentity({ smtpUrl: 'smtp://127.0.0.1:1' });
    try {
      expect((await smtp.http().get('/v1/dev/mailbox')).status).toBe(404);
      expect((await smtp.http().get('/v1/dev/mailbox.json')).status).toBe(404);
    } finally {
      await smtp.stop();
    }
  });
});
