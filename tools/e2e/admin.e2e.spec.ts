import type { Download, Page } from 'playwright-core';
import { downloaded, readWhen, webAppUnderTest } from './browser';
import { apiOf, merchantAdmin, signedIn, signUp, type Account } from './session';

/**
 * The admin area (seed 000 §2, §4, §6, §8): guards, the home's notifications, users, tenants,
 * contact submissions, subscribers, articles and FAQs, and the articles in the widget and the blog,
 * as `npm start` serves them, in Chromium. One platform for the whole suite.
 */
const STAFF_EMAIL = 'staff-admin-e2e@seatside.test';
/** A 1×1 PNG: the media service re-encodes it. */
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe('the admin area', () => {
  const app = webAppUnderTest('admin', () => ({ ADMIN_EMAILS: STAFF_EMAIL }));
  const api = () => apiOf(app);
  let staff: Account;
  let staffPage: Page;

  beforeAll(async () => {
    const password = 'seatside-secret-1';
    const answer = await api()<{ id: string; token: string }>('POST', '/auth/sign-up', { email: STAFF_EMAIL, password, firstName: 'Sam', lastName: 'Staff' });
    expect(answer.status).toBe(201);
    // ADMIN_EMAILS names the address: the account has the admin claim from sign-up on.
    staff = { uid: answer.body.id, token: answer.body.token, email: STAFF_EMAIL, password };
    staffPage = await signedIn(app, staff, { redirect: '/admin' });
  });

  const unreadCount = async (page: Page) => Number(await page.getByTestId('unread-count').innerText());

  describe('guards', () => {
    it.each(['/admin', '/admin/users', '/admin/articles/new'])('given a signed-out visitor on %s, then "Sign in to your account" with the forgot-password link, in a sans-serif font', async (path) => {
      const page = await app.visitor({ reducedMotion: true });
      await page.goto(`${app.url}${path}`);
      await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
      await expect(page.getByRole('link', { name: /forgot/i }).getAttribute('href')).resolves.toBe('/auth/forgot-password');
      const font = await page.evaluate(`getComputedStyle(document.getElementById('sign-in-title')).fontFamily`);
      expect(String(font)).not.toMatch(/^\s*(serif|"?Times)/i);
      expect(String(font)).toMatch(/system-ui|sans-serif/);
    });

    it('given a signed-in account without the admin claim, then the 401 text with a link back to /account', async () => {
      const someone = await signUp(app, 'not-admin');
      const page = await signedIn(app, someone, { redirect: '/account' });
      await page.goto(`${app.url}/admin/users`);
      await page.getByRole('heading', { name: 'Unauthorized' }).waitFor();
      await page.getByText('401 Error: You do not have access to this page.').waitFor();
    });

    it('given a signed-in account granted the admin claim, then its next admin page lists at once (not "You do not have access" until its token expires); revoked, its open page is sent to sign in at its next call, and signed in again it is refused', async () => {
      const someone = await signUp(app, 'granted-admin');
      const page = await signedIn(app, someone, { redirect: '/account' });
      const tokenOfPage = async () => String(await page.evaluate(`JSON.parse(localStorage.getItem('seatside.session')).state.token`));
      const usersWith = async (token: string) => (await api()('GET', '/admin/users?limit=1', undefined, token)).status;

      expect((await api()('POST', `/admin/users/${someone.uid}/claims`, { admin: true }, staff.token)).status).toBe(200);
      await page.goto(`${app.url}/admin/users`);
      await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
      await page.getByTestId('list-total').waitFor();
      await expect(page.getByText('You do not have access to this page.').count()).resolves.toBe(0);
      expect(await usersWith(await tokenOfPage())).toBe(200);

      const tokenBeforeRevocation = await tokenOfPage();
      expect((await api()('POST', `/admin/users/${someone.uid}/claims`, { admin: false }, staff.token)).status).toBe(200);
      // The page stays open on the list: its next admin call (a search) is refused, its session has
      // ended with the token's generation, so the person is sent to sign in and sees no more users.
      await page.getByRole('searchbox', { name: 'Search by email' }).fill('granted-admin');
      await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
      await expect(page.getByRole('table', { name: 'Users' }).count()).resolves.toBe(0);
      expect(await usersWith(tokenBeforeRevocation)).toBe(401);

      // Signed in again there: the new token has no claim, so the 401 page, and the admin API says 403.
      await page.getByLabel('Email').fill(someone.email);
      await page.getByLabel('Password', { exact: true }).fill(someone.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.getByRole('heading', { name: 'Unauthorized' }).waitFor();
      await page.getByText('401 Error: You do not have access to this page.').waitFor();
      expect(await usersWith(await tokenOfPage())).toBe(403);
    });
  });

  describe('empty states (a fresh platform)', () => {
    it('given nothing yet, then the home, a search without results, the FAQs and the widget\'s News say so as the spec words them; a FAQ written in the admin area fills them', async () => {
      const page = staffPage;
      await page.goto(`${app.url}/admin`);
      await page.getByText('All caught up! No notificaitons', { exact: true }).waitFor();

      await page.goto(`${app.url}/admin/users?q=nobody-here`);
      await page.getByRole('table', { name: 'Users' }).getByText('All caught up! No results found!', { exact: true }).waitFor();

      // The shipped FAQs are deleted: the admin list and the widget say 'No FAQs found.'.
      const shipped = await api()<{ data: { id: string }[] }>('GET', '/faqs?limit=1000');
      for (const faq of shipped.body.data) expect((await api()('DELETE', `/faqs/${faq.id}`, undefined, staff.token)).status).toBe(200);
      await page.goto(`${app.url}/admin/faqs`);
      await page.getByText('No FAQs found.', { exact: true }).waitFor();

      const visitor = await app.visitor({ reducedMotion: true });
      await visitor.goto(`${app.url}/`);
      await visitor.getByRole('button', { name: 'Accept All' }).click();
      await visitor.getByRole('button', { name: 'Open support' }).click();
      const panel = visitor.locator('#ssw-panel');
      await panel.getByText('No FAQs found.', { exact: true }).waitFor();
      await panel.getByRole('button', { name: 'News' }).click();
      await panel.getByText('No news found! Check back later for more.', { exact: true }).waitFor();

      // A FAQ written here is in the list and the widget.
      await page.goto(`${app.url}/admin/faqs/new`);
      // Saved empty, both are refused; each refusal goes once its field is filled, and the banner with the last.
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Answer is required', { exact: true }).waitFor();
      await page.getByRole('alert').getByText('Question is required', { exact: true }).waitFor();
      const fieldErrors = () => page.locator('form .adm-error').allInnerTexts();
      await expect(fieldErrors()).resolves.toEqual(['Question is required', 'Answer is required']);
      await page.getByLabel('Question').fill('Can runners reach the upper deck?');
      await expect(fieldErrors()).resolves.toEqual(['Answer is required']);
      await page.getByLabel('Answer').fill('Yes, every section from 100 to 500 is served by runners with hand-held tags.');
      await expect(fieldErrors()).resolves.toEqual([]);
      await expect(page.getByRole('alert').count()).resolves.toBe(0);
      await page.getByLabel('Scope').selectOption('general');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('FAQ created', { exact: true }).waitFor();
      await page.goto(`${app.url}/admin/faqs`);
      const row = page.getByTestId('list-row').filter({ hasText: 'Can runners reach the upper deck?' });
      // Seed 000 §9: answers truncated to 40 characters in lists.
      await expect(row.innerText()).resolves.toContain(`${'Yes, every section from 100 to 500 is served by runners with hand-held tags.'.slice(0, 40)}…`);
      await visitor.reload();
      await visitor.getByRole('button', { name: 'Open support' }).click();
      await panel.getByText('Can runners reach the upper deck?').waitFor();

      // An FAQ that is not there says so, with nothing to save or delete.
      await page.goto(`${app.url}/admin/faqs/no-such-faq`);
      await page.getByRole('alert').getByText('FAQ not found').waitFor();
      await expect(page.getByRole('button', { name: 'Save' }).count()).resolves.toBe(0);
    });
  });

  describe('home: notifications', () => {
    it('given a contact form sent on the marketing site, then it is a notification with an unread count; a click marks it read and opens the submission; Read All clears the count', async () => {
      const page = staffPage;
      await page.goto(`${app.url}/admin`);
      await page.getByRole('heading', { name: 'Notifications' }).waitFor();

      const visitor = await app.visitor({ reducedMotion: true });
      await visitor.goto(`${app.url}/contact`);
      await visitor.getByLabel('Name').fill('Ada Lovelace');
      await visitor.getByLabel('Email').fill('ada@example.com');
      await visitor.getByLabel('Message').fill('Our stadium needs seat ordering for 40,000 seats next season');
      await visitor.getByRole('button', { name: 'Send' }).click();
      await visitor.getByText("Thanks for reaching out! We'll get back to you soon.").waitFor();
      // A second one, so Read All has something left to clear.
      expect((await api()('POST', '/contact', { fullname: 'Bob', message: 'Pricing question' })).status).toBe(201);

      const listed = await readWhen(
        () => api()<{ data: { id: string; notification: { webPush: { title: string; options: { body: string; data: { url: string } } } } }[]; unread: number }>('GET', '/notifications', undefined, staff.token),
        (answer) => answer.body.data.filter((n) => n.notification.webPush.title === 'New contact submission').length >= 2,
        30_000,
      );
      const ada = listed.body.data.find((n) => n.notification.webPush.options.body.startsWith('Ada'))!;
      await page.reload();
      const note = page.getByTestId('notification').filter({ hasText: 'Ada Lovelace' });
      await note.waitFor();
      // Seed 000 §9: the body is truncated to 37 characters in the list (the space before the cut goes).
      await expect(note.innerText()).resolves.toContain(`${'Ada Lovelace: Our stadium needs seat ordering for 40,000 seats next season'.slice(0, 37).trimEnd()}…`);
      const before = await unreadCount(page);
      expect(before).toBeGreaterThanOrEqual(2);

      await note.click();
      await page.waitForURL(`**${ada.notification.webPush.options.data.url}`);
      await page.getByText('Our stadium needs seat ordering for 40,000 seats next season').waitFor();
      await page.goto(`${app.url}/admin`);
      await page.getByTestId('unread-count').waitFor();
      expect(await unreadCount(page)).toBe(before - 1);
      await expect(page.getByTestId('notification').filter({ hasText: 'Ada Lovelace' }).getAttribute('data-read')).resolves.toBe('true');

      await page.getByRole('button', { name: 'Read All' }).click();
      await page.waitForFunction(`document.querySelector('[data-testid="unread-count"]')?.textContent === '0'`);
    });

    it('given a body with an emoji where the 37 characters end, then the list keeps it whole (never half of it, which shows as �)', async () => {
      const page = staffPage;
      const message = `${'a'.repeat(31)}🎉 and the rest`;
      expect((await api()('POST', '/contact', { fullname: 'Zoe', message })).status).toBe(201);
      await readWhen(
        () => api()<{ data: { notification: { webPush: { options: { body: string } } } }[] }>('GET', '/notifications', undefined, staff.token),
        (answer) => answer.body.data.some((n) => n.notification.webPush.options.body === `Zoe: ${message}`),
        30_000,
      );
      await page.goto(`${app.url}/admin`);
      const note = page.getByTestId('notification').filter({ hasText: 'Zoe: ' });
      await note.waitFor();
      await expect(note.innerText()).resolves.toContain(`Zoe: ${'a'.repeat(31)}🎉…`);
    });
  });

  describe('on a phone', () => {
    it('given notifications and a chat, then at 375 px the navigation keeps its own height, a notification reads on its width, the article editor fits, and a chat shows the way back, its client and a usable reply box', async () => {
      const page = await signedIn(app, staff, { redirect: '/admin', mobile: true });
      const fitsTheWidth = () => page.evaluate('document.documentElement.scrollWidth <= window.innerWidth');
      const widthOf = async (locator: ReturnType<Page['locator']>) => (await locator.boundingBox())?.width ?? 0;

      // The notifications of the spec above: the title has the row's width, the time goes under it.
      const note = page.getByTestId('notification').first();
      await note.waitFor();
      expect(await widthOf(note.locator('strong'))).toBeGreaterThan(200);
      await expect(fitsTheWidth()).resolves.toBe(true);

      await page.goto(`${app.url}/admin/articles/new`);
      await page.getByLabel('Title').waitFor();
      await expect(fitsTheWidth()).resolves.toBe(true);

      // A visitor's chat (the widget's call, with its cookie).
      const visitor = await app.visitor();
      await visitor.goto(`${app.url}/`);
      await visitor.evaluate(`fetch('/v1/chat', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message: 'Do you ship NFC tags abroad?', type: 'text' }) }).then((r) => r.status)`);
      await page.goto(`${app.url}/admin/chats`);
      const row = page.getByTestId('chat-row').first();
      await row.waitFor();
      // A short page: the spare height is not shared out to the navigation's links.
      expect((await page.getByRole('link', { name: 'Chats', exact: true }).boundingBox())?.height).toBeLessThan(48);
      await row.locator('a').click();
      await page.getByTestId('message-text').filter({ hasText: 'Do you ship NFC tags abroad?' }).waitFor();
      expect(await widthOf(page.getByRole('link', { name: 'All chats' }))).toBeGreaterThan(40);
      expect(await widthOf(page.getByTestId('chat-client'))).toBeGreaterThan(40);
      expect(await widthOf(page.getByRole('textbox', { name: 'Reply' }))).toBeGreaterThan(240);
      await expect(fitsTheWidth()).resolves.toBe(true);
    });
  });

  describe('every page with its data', () => {
    it('given a merchant, a venue, a subscriber, the contact submissions and the FAQ, then each admin page lists them in the admin frame, its tab named "{its heading} · Seatside" (WCAG 2.4.2), also after a click in the side navigation', async () => {
      const owner = await merchantAdmin(app, 'admin-pages', 'Gate 7 Pretzels');
      const venue = await api()<{ id: string }>('POST', '/venues/create', { name: 'North Stand Arena', handle: `north-stand-${Date.now().toString(36)}`, googlePlaceId: '', timeZone: 'America/New_York' }, owner.token);
      expect(venue.status).toBe(201);
      const subscriber = `fan-${Date.now()}@example.com`;
      expect((await api()('POST', '/subscribers', { email: subscriber })).status).toBeLessThan(300);
      const pages: [string, string, string][] = [
        ['/admin/users', 'Users', STAFF_EMAIL],
        [`/admin/users/${owner.uid}`, owner.email, 'Gate 7 Pretzels'],
        ['/admin/merchants', 'Merchants', 'Gate 7 Pretzels'],
        ['/admin/venues', 'Venues', 'North Stand Arena'],
        ['/admin/contact-submissions', 'Contact submissions', 'Ada Lovelace'],
        ['/admin/subscribers', 'Subscribers', subscriber],
        ['/admin/faqs', 'FAQs', 'Can runners reach the upper deck?'],
        ['/admin/articles/new', 'New article', 'Preview'],
        ['/admin/faqs/new', 'New FAQ', 'Question'],
      ];
      for (const [path, title, shows] of pages) {
        await staffPage.goto(`${app.url}${path}`);
        await staffPage.getByRole('navigation', { name: 'Admin' }).waitFor();
        await staffPage.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
        await staffPage.getByText(shows, { exact: true }).first().waitFor();
        // One main landmark: the page inside the admin frame.
        expect([path, await staffPage.getByRole('main').count()]).toEqual([path, 1]);
        await expect(staffPage.getByRole('main').getByRole('heading', { level: 1, name: title, exact: true }).count()).resolves.toBe(1);
        await expect(readWhen(() => staffPage.title(), (tab) => tab === `${title} · Seatside`)).resolves.toBe(`${title} · Seatside`);
      }
      // Client-side navigation: the tab follows the page the side navigation opens.
      await staffPage.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Articles', exact: true }).click();
      await staffPage.getByRole('heading', { level: 1, name: 'Articles', exact: true }).waitFor();
      await expect(readWhen(() => staffPage.title(), (tab) => tab === 'Articles · Seatside')).resolves.toBe('Articles · Seatside');
    });
  });

  describe('subscribers', () => {
    it('given the export answers a 500 problem, when "Export CSV" is pressed, then its message shows as an alert and no file is saved; answered again, subscribers.csv is the CSV', async () => {
      const page = staffPage;
      const failed = 'The export is unavailable right now. Please try again.';
      const saved: Download[] = [];
      const onDownload = (download: Download) => saved.push(download);
      page.on('download', onDownload);
      try {
        await page.route('**/v1/admin/subscribers/export.csv', (route) =>
          route.fulfill({ status: 500, contentType: 'application/problem+json', body: JSON.stringify({ status: 500, code: 'internal_error', message: failed }) }),
        );
        await page.goto(`${app.url}/admin/subscribers`);
        await page.getByTestId('list-total').waitFor();
        await page.getByRole('button', { name: 'Export CSV' }).click();
        await page.getByRole('alert').getByText(failed, { exact: true }).waitFor();

        // The same button once the export answers: this download is the first and only one.
        await page.unroute('**/v1/admin/subscribers/export.csv');
        const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
        expect(saved).toEqual([download]);
        expect(download.suggestedFilename()).toBe('subscribers.csv');
        expect((await downloaded(download)).toString()).toMatch(/^email,status,subscribedAt,confirmedAt,unsubscribedAt\r\n/);
        await expect(page.getByRole('alert').count()).resolves.toBe(0);
      } finally {
        page.off('download', onDownload);
        await page.unroute('**/v1/admin/subscribers/export.csv');
      }
    });
  });

  describe('users', () => {
    it('given users, then the table sorts by each column (UID, Email, Display Name, Email Verified) both ways and pages with pageToken', async () => {
      for (const [name, last] of [['aaron', 'Zed'], ['bella', 'Young'], ['cyrus', 'Xu']] as const) await signUp(app, `users-${name}`, { firstName: name, lastName: last });
      const page = staffPage;
      await page.goto(`${app.url}/admin/users?limit=2`);
      const table = page.getByRole('table', { name: 'Users' });
      await table.locator('tbody tr').first().waitFor();
      const rows = () => page.locator('[data-testid="list-row"] td:nth-child(1)').allInnerTexts();
      const expected = async (sort: string, order: string, pageToken?: string) => {
        const answer = await api()<{ data: { uid: string }[]; nextPageToken: string | null }>('GET', `/admin/users?limit=2&sort=${sort}&order=${order}${pageToken ? `&pageToken=${encodeURIComponent(pageToken)}` : ''}`, undefined, staff.token);
        return { uids: answer.body.data.map((u) => u.uid), next: answer.body.nextPageToken };
      };

      for (const [column, sort] of [['UID', 'uid'], ['Email', 'email'], ['Display Name', 'displayName'], ['Email Verified', 'emailVerified']] as const) {
        // A new column sorts ascending; the open one (UID by default) toggles. Either way, the second click turns it.
        let order: 'asc' | 'desc' | undefined;
        for (const click of [1, 2]) {
          await table.getByRole('button', { name: column, exact: true }).click();
          if (click === 1) {
            await page.waitForURL(new RegExp(`sort=${sort}&order=(asc|desc)`));
            order = new URL(page.url()).searchParams.get('order') as 'asc' | 'desc';
          } else {
            order = order === 'asc' ? 'desc' : 'asc';
            await page.waitForURL(new RegExp(`sort=${sort}&order=${order}`));
          }
          const want = (await expected(sort, order)).uids;
          await expect(readWhen(rows, (r) => r.join() === want.join())).resolves.toEqual(want);
          await expect(table.locator('th[aria-sort]').innerText()).resolves.toContain(column);
        }
      }

      // By e-mail, both ways: the API's order is the e-mails' order.
      const all = await api()<{ data: { email: string }[] }>('GET', '/admin/users?limit=1000&sort=email&order=asc', undefined, staff.token);
      const emails = all.body.data.map((u) => u.email.toLowerCase());
      expect(emails).toEqual([...emails].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

      // Paged by pageToken: the second page of e-mails descending, and the same rows when the link is opened anew.
      await table.getByRole('button', { name: 'Email', exact: true }).click();
      await page.waitForURL(/sort=email&order=asc/);
      await table.getByRole('button', { name: 'Email', exact: true }).click();
      await page.waitForURL(/sort=email&order=desc/);
      const first = await expected('email', 'desc');
      await readWhen(rows, (r) => r.join() === first.uids.join());
      await page.getByRole('button', { name: 'Next page' }).click();
      await page.waitForURL(/pageToken=/);
      const second = (await expected('email', 'desc', first.next!)).uids;
      expect(second).toHaveLength(2);
      await expect(readWhen(rows, (r) => r.join() === second.join())).resolves.toEqual(second);
      await page.reload();
      await expect(readWhen(rows, (r) => r.join() === second.join())).resolves.toEqual(second);
    });
  });

  describe('articles', () => {
    it('given an article written in markdown with an uploaded image and published, then "Article saved!", and it is in the widget (featured, Help, search, News), on /blog with the call to action, and its <script> stays inert', async () => {
      const page = staffPage;
      await page.goto(`${app.url}/admin/articles/new`);
      // Saved empty, the title is refused; corrected, the refusal goes from the field and the banner.
      await page.getByRole('button', { name: 'Save' }).click();
      await page.locator('#article-title-error').getByText('Title is required').waitFor();
      await page.getByLabel('Title').fill('Zebra crossings for stadium runners');
      await expect(page.getByText('Title is required').count()).resolves.toBe(0);
      await page.getByLabel('Description').fill('How runners reach seat 2C');
      // The image goes through the media service (its pipeline re-encodes it) and comes back as its URL.
      const uploaded = page.waitForResponse((res) => res.request().method() === 'POST' && res.url().endsWith('/v1/admin/media/uploads'));
      await page.getByLabel('Image', { exact: true }).setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1X1, 'base64') });
      expect((await uploaded).status()).toBe(200);
      const image = page.getByTestId('article-image');
      await image.waitFor();
      const imageUrl = (await image.getAttribute('src')) ?? '';
      expect(imageUrl).toMatch(/\/v1\/media\/platform\/articles\/uploads\/[0-9a-f-]{36}\.png$/);
      await page.getByLabel('Content (markdown)').fill('## Runner routes\n\nRunners take **the shortest path** to each seat.\n\n<script>window.__pwned = 1</script>\n\n- Section 104\n- Section 105');
      await page.getByLabel('Published').check();
      await page.getByLabel("Show in the widget's News").check();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL(/\/admin\/articles\/[^/]+$/);
      await page.getByText('Article saved!', { exact: true }).waitFor();
      const articleId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
      expect(articleId).not.toBe('new');
      await page.goto(`${app.url}/admin/articles`);
      await page.getByTestId('list-row').filter({ hasText: 'Zebra crossings for stadium runners' }).getByText('Published').waitFor();

      const visitor = await app.visitor({ reducedMotion: true });
      await visitor.goto(`${app.url}/`);
      await visitor.getByRole('button', { name: 'Accept All' }).click();
      await visitor.getByRole('button', { name: 'Open support' }).click();
      const panel = visitor.locator('#ssw-panel');
      // Featured: the newest published article.
      await panel.getByRole('button', { name: /Featured article.*Zebra crossings for stadium runners/ }).click();
      await panel.getByRole('heading', { name: 'Zebra crossings for stadium runners' }).waitFor();
      await panel.locator('strong', { hasText: 'the shortest path' }).waitFor();
      await panel.getByText('<script>window.__pwned = 1</script>').waitFor();
      expect(await panel.locator('script').count()).toBe(0);
      expect(await visitor.evaluate('window.__pwned')).toBeUndefined();
      await expect(panel.locator('img').first().getAttribute('src')).resolves.toBe(imageUrl);

      // Help: the article is listed, and a search of 3+ characters finds it and no FAQ.
      await panel.getByRole('navigation', { name: 'Support sections' }).getByRole('button', { name: 'Help' }).click();
      await panel.getByRole('list', { name: 'Articles' }).getByText('Zebra crossings for stadium runners').waitFor();
      await panel.getByPlaceholder('Search for help').fill('shortest path');
      await readWhen(() => panel.getByRole('list', { name: 'FAQs' }).locator('li').count(), (n) => n === 0);
      await expect(panel.getByRole('list', { name: 'Articles' }).locator('li').allInnerTexts()).resolves.toEqual([expect.stringContaining('Zebra crossings')]);
      // A word in another form finds it too ('crossing' for 'crossings'); a search that finds nothing says so, alone.
      await panel.getByPlaceholder('Search for help').fill('zebra crossing');
      await panel.getByRole('list', { name: 'Articles' }).getByText('Zebra crossings for stadium runners').waitFor();
      await panel.getByPlaceholder('Search for help').fill('xylophone');
      await panel.getByText('All caught up! No results found!').waitFor();
      await expect(panel.getByRole('heading', { name: 'Articles' }).count()).resolves.toBe(0);

      // News: flagged for it.
      await visitor.reload();
      await visitor.getByRole('button', { name: 'Open support' }).click();
      await panel.getByRole('button', { name: 'News' }).click();
      await panel.getByRole('list', { name: 'News' }).getByText('Zebra crossings for stadium runners').waitFor();

      // The blog: listed, and the article layout with its image and the call to action.
      await visitor.goto(`${app.url}/blog`);
      await visitor.getByRole('link', { name: 'Zebra crossings for stadium runners' }).click();
      await visitor.waitForURL(`**/blog/${articleId}`);
      await visitor.getByRole('heading', { level: 1, name: 'Zebra crossings for stadium runners' }).waitFor();
      await visitor.locator('.mk-article-body strong', { hasText: 'the shortest path' }).waitFor();
      await expect(visitor.locator('.mk-article-image').getAttribute('src')).resolves.toBe(imageUrl);
      await expect(visitor.getByTestId('blog-cta').textContent()).resolves.toContain('Get started with the product: create your merchant and start selling');
      expect(await visitor.locator('.mk-article-body script').count()).toBe(0);
      expect(await visitor.evaluate('window.__pwned')).toBeUndefined();
    });

    it('given an article and an FAQ open in the editor, when another admin saves them first, then Save says the record changed instead of overwriting theirs; read again, saving twice in a row works', async () => {
      const page = staffPage;
      const changed = 'This record was changed by someone else. Reload it and try again.';
      const article = await api()<{ id: string }>('POST', '/admin/articles', { title: 'Gate opening times', markdown: 'Gates open at 6 PM.' }, staff.token);
      const faq = await api()<{ id: string }>('POST', '/faqs', { question: 'When do gates open?', answer: 'At 6 PM.' }, staff.token);
      const cases = [
        { url: `/admin/articles/${article.body.id}`, field: 'Title', read: `/admin/articles/${article.body.id}`, key: 'title', theirs: { title: 'Gate opening times (updated)' }, mine: 'Gate times', saved: 'Article saved!' },
        { url: `/admin/faqs/${faq.body.id}`, field: 'Question', read: `/faqs/${faq.body.id}`, key: 'question', theirs: { question: 'When do the gates open?' }, mine: 'Gates?', saved: 'FAQ updated' },
      ];
      for (const c of cases) {
        await page.goto(`${app.url}${c.url}`);
        const input = page.getByLabel(c.field, { exact: true });
        expect(await readWhen(() => input.inputValue(), (value) => value.length > 0)).not.toBe('');
        // Another admin saves first.
        expect((await api()('POST', c.read, c.theirs, staff.token)).status).toBe(200);
        await input.fill(c.mine);
        await page.getByRole('button', { name: 'Save' }).click();
        await page.getByRole('alert').getByText(changed, { exact: true }).waitFor();
        const stored = await api()<Record<string, string>>('GET', c.read, undefined, staff.token);
        expect(stored.body[c.key]).toBe(Object.values(c.theirs)[0]);

        // Read again, the editor saves, and saves again.
        await page.reload();
        expect(await readWhen(() => input.inputValue(), (value) => value === Object.values(c.theirs)[0])).toBe(Object.values(c.theirs)[0]);
        for (const text of [`${c.mine} 1`, `${c.mine} 2`]) {
          await input.fill(text);
          await page.getByRole('button', { name: 'Save' }).click();
          await page.getByRole('status').getByText(c.saved, { exact: true }).waitFor();
          expect(await readWhen(async () => (await api()<Record<string, string>>('GET', c.read, undefined, staff.token)).body[c.key], (value) => value === text)).toBe(text);
        }
      }
    });
  });
});
