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
});
