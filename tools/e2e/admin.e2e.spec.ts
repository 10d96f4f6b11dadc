import type { Page } from 'playwright-core';
import { readWhen, webAppUnderTest } from './browser';
import { apiOf, signedIn, signUp, type Account } from './session';

/**
 * The admin area (seed 000 §2, §4, §6, §8): guards, the home's notifications, users, tenants,
 * contact submissions, subscribers, articles and FAQs, and the articles in the widget and the blog,
 * as `npm start` serves them, in Chromium. One platform for the whole suite.
 */
const STAFF_EMAIL = 'staff-admin-e2e@seatside.test';

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
      // Seed 000 §9: the body is truncated to 37 characters in the list.
      await expect(note.innerText()).resolves.toContain(`${'Ada Lovelace: Our stadium needs seat ordering for 40,000 seats next season'.slice(0, 37)}…`);
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
  });

  describe('every page', () => {
    it.each([
      ['/admin', 'Home'],
      ['/admin/users', 'Users'],
      ['/admin/merchants', 'Merchants'],
      ['/admin/venues', 'Venues'],
      ['/admin/contact-submissions', 'Contact submissions'],
      ['/admin/subscribers', 'Subscribers'],
      ['/admin/articles', 'Articles'],
      ['/admin/articles/new', 'New article'],
      ['/admin/faqs', 'FAQs'],
      ['/admin/faqs/new', 'New FAQ'],
    ])('given an admin, then %s shows "%s" in the admin frame', async (path, title) => {
      await staffPage.goto(`${app.url}${path}`);
      await staffPage.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
      await staffPage.getByRole('navigation', { name: 'Admin' }).waitFor();
    });
  });

  describe('users', () => {
    it('given users, then the table sorts by e-mail both ways and pages with pageToken', async () => {
      for (const name of ['aaron', 'bella', 'cyrus']) await signUp(app, `users-${name}`);
      const page = staffPage;
      await page.goto(`${app.url}/admin/users?limit=2`);
      const table = page.getByRole('table', { name: 'Users' });
      await table.waitFor();
      const emails = () => page.locator('[data-testid="list-row"] td:nth-child(2)').allInnerTexts();
      const all = (await api()<{ data: { email: string }[] }>('GET', '/admin/users?limit=1000', undefined, staff.token)).body.data.map((u) => u.email);
      const ascending = [...all].sort();

      await table.getByRole('button', { name: 'Email' }).click();
      await page.waitForURL(/sort=email&order=asc/);
      await expect(readWhen(emails, (e) => e.join() === ascending.slice(0, 2).join())).resolves.toEqual(ascending.slice(0, 2));
      await table.getByRole('button', { name: 'Email' }).click();
      await page.waitForURL(/sort=email&order=desc/);
      const descending = [...ascending].reverse();
      await expect(readWhen(emails, (e) => e.join() === descending.slice(0, 2).join())).resolves.toEqual(descending.slice(0, 2));

      await page.getByRole('button', { name: 'Next page' }).click();
      await page.waitForURL(/pageToken=/);
      await expect(readWhen(emails, (e) => e.join() === descending.slice(2, 4).join())).resolves.toEqual(descending.slice(2, 4));
      // The page is a link: opened anew, the URL's pageToken shows the same rows.
      await page.reload();
      await expect(readWhen(emails, (e) => e.join() === descending.slice(2, 4).join())).resolves.toEqual(descending.slice(2, 4));
    });
  });

  describe('articles', () => {
    it('given an article written in markdown and published, then it is in the widget (featured, Help, search, News), on /blog with the call to action, and its <script> stays inert', async () => {
      const page = staffPage;
      await page.goto(`${app.url}/admin/articles/new`);
      await page.getByLabel('Title').fill('Zebra crossings for stadium runners');
      await page.getByLabel('Description').fill('How runners reach seat 2C');
      await page.getByLabel('Content (markdown)').fill('## Runner routes\n\nRunners take **the shortest path** to each seat.\n\n<script>window.__pwned = 1</script>\n\n- Section 104\n- Section 105');
      await page.getByLabel('Published').check();
      await page.getByLabel("Show in the widget's News").check();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Article saved!', { exact: true }).waitFor();
      await page.waitForURL(/\/admin\/articles\/[^/]+$/);
      const articleId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');

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

      // Help: the article is listed, and a search of 3+ characters finds it among the FAQs.
      await panel.getByRole('navigation', { name: 'Support sections' }).getByRole('button', { name: 'Help' }).click();
      await panel.getByRole('list', { name: 'Articles' }).getByText('Zebra crossings for stadium runners').waitFor();
      await panel.getByPlaceholder('Search for help').fill('shortest path');
      await readWhen(() => panel.getByRole('list', { name: 'FAQs' }).locator('li').count(), (n) => n === 0);
      await expect(panel.getByRole('list', { name: 'Articles' }).locator('li').allInnerTexts()).resolves.toEqual([expect.stringContaining('Zebra crossings')]);

      // The blog: listed, and the article layout with the call to action.
      await visitor.goto(`${app.url}/blog`);
      await visitor.getByRole('link', { name: 'Zebra crossings for stadium runners' }).click();
      await visitor.waitForURL(`**/blog/${articleId}`);
      await visitor.getByRole('heading', { level: 1, name: 'Zebra crossings for stadium runners' }).waitFor();
      await visitor.locator('.mk-article-body strong', { hasText: 'the shortest path' }).waitFor();
      await expect(visitor.getByTestId('blog-cta').textContent()).resolves.toContain('Get started with the product: create your merchant and start selling');
      expect(await visitor.locator('.mk-article-body script').count()).toBe(0);
      expect(await visitor.evaluate('window.__pwned')).toBeUndefined();
    });
  });
});
