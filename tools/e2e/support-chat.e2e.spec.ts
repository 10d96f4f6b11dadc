import type { Page } from 'playwright-core';
import { startFakeOpenAi, type FakeOpenAi } from '@seatside/chassis/src/testkit/openai';
import { FAKE_MEDIA_ARGS, seriousViolations, webAppUnderTest } from './browser';
import { apiOf, signedIn, signUp } from './session';

/**
 * Support chat end to end (issue 22, seed 000 §2, §4, §7; seed 001 §2, §4, §9): a signed-out visitor
 * and a support admin in two browser contexts of one platform. Live messages, the unread dot, typing,
 * staff actions, 'Draft with AI' from a fake OpenAI (the real SDK in the platform talks to it), and a
 * peer-to-peer video call with Chromium's fake camera, asserting decoded frames on both sides.
 */
describe('support chat: the widget and the admin inbox', () => {
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
  });
  afterAll(() => fake.close());

  const staffEmail = `support-staff-${process.pid}@example.com`;
  const password = 'seatside-secret-1';
  const app = webAppUnderTest(
    'support-chat',
    () => ({ ADMIN_EMAILS: staffEmail, OPENAI_API_KEY: fake.apiKey, OPENAI_BASE_URL: fake.url, OPENAI_MODEL: 'gpt-e2e' }),
    { browserArgs: FAKE_MEDIA_ARGS },
  );

  let visitor: Page;
  let admin: Page;
  const panel = () => visitor.locator('#ssw-panel');
  const adminMessages = () => admin.getByTestId('chat-message');

  /** Sends `text` from a widget's panel (the shared visitor's unless named) and waits until it is sent. */
  async function visitorSends(text: string, widget = panel()) {
    const input = widget.getByRole('textbox', { name: 'Message' });
    await input.fill(text);
    await input.press('Enter');
    await widget.locator('.ssw-msg-client[data-status="sent"]').filter({ hasText: text }).waitFor();
  }

  /** A new diner on the home page who opens the support chat and sends `text`: the page, its widget, the message box and the chat's id. */
  async function dinerInChat(text: string) {
    const diner = await app.visitor({ reducedMotion: true });
    await diner.goto(`${app.url}/`);
    await diner.getByRole('button', { name: 'Accept All' }).click();
    await diner.getByRole('button', { name: 'Open support' }).click();
    const widget = diner.locator('#ssw-panel');
    await widget.getByRole('navigation', { name: 'Support sections' }).getByRole('button', { name: 'Chat' }).click();
    const input = widget.getByRole('textbox', { name: 'Message' });
    await input.fill(text);
    await input.press('Enter');
    await widget.locator('.ssw-msg-client[data-status="sent"]').filter({ hasText: text }).waitFor();
    const chatId = ((await diner.evaluate(`fetch('/v1/chat').then((r) => r.json())`)) as { id: string }).id;
    return { diner, widget, input, chatId };
  }

  /** The inbox row of the visitor's (only) chat. */
  const row = () => admin.getByTestId('chat-row').first();

  beforeAll(async () => {
    const signedUp = await apiOf(app)<{ id: string }>('POST', '/auth/sign-up', { email: staffEmail, password, firstName: 'Ann', lastName: 'Support' });
    expect(signedUp.status).toBe(201);
    admin = await signedIn(app, { email: staffEmail, password }, { redirect: '/admin/chats' });
    visitor = await app.visitor({ reducedMotion: true });
  });

  it('given a diner page, then the Seatside widget is not there; on the marketing site it is', async () => {
    await visitor.goto(`${app.url}/tag/NOPE123`);
    await visitor.waitForLoadState('networkidle');
    await expect(visitor.locator('button.ssw-launcher').count()).resolves.toBe(0);
    await visitor.goto(`${app.url}/`);
    await visitor.locator('button.ssw-launcher').waitFor();
  });

  it("given no bookmarked chat, then the inbox, under its page heading, says so in words one can read", async () => {
    await admin.goto(`${app.url}/admin/chats`);
    await admin.getByRole('heading', { level: 1, name: 'Chats' }).waitFor();
    await admin.getByRole('tab', { name: 'Bookmarked' }).click();
    await admin.getByText('No chats found').waitFor();
    expect(await seriousViolations(admin)).toEqual([]);
  });

  it('a visitor writes; the admin sees the unread dot, opens the chat (the dot goes), sees typing, replies; the reply reaches the visitor live', async () => {
    await visitor.getByRole('button', { name: 'Accept All' }).click();
    await visitor.getByRole('button', { name: 'Open support' }).click();
    await panel().getByRole('navigation', { name: 'Support sections' }).getByRole('button', { name: 'Chat' }).click();
    await panel().getByText('The team typically replies within a day').waitFor();
    await visitorSends('Hello, my QR tags do not scan at table 4 since yesterday');

    await admin.goto(`${app.url}/admin/chats`);
    // The online-status toggle sets the staff record the widget shows (and names staff replies).
    await admin.getByRole('switch', { name: 'Online status' }).click();
    await admin.getByTestId('online-status').getByText('Online', { exact: true }).waitFor();
    const staff = await apiOf(app)<{ data: { name: string; online: boolean }[] }>('GET', '/chat/staff');
    expect(staff.body.data).toEqual([expect.objectContaining({ online: true })]);
    const staffName = staff.body.data[0]!.name;
    await row().waitFor();
    await admin.locator('[data-testid="chat-row"][data-unread="true"]').waitFor();
    await row().getByTestId('unread-dot').waitFor();
    // The last message, truncated to 32 characters.
    await expect(row().getByTestId('last-message').textContent()).resolves.toBe(`${'Hello, my QR tags do not scan at table 4 since yesterday'.slice(0, 32).trimEnd()}…`);

    await row().locator('a').click();
    await adminMessages().filter({ hasText: 'Hello, my QR tags do not scan' }).waitFor();
    await admin.getByRole('link', { name: 'All chats' }).click();
    await admin.locator('[data-testid="chat-row"][data-unread="false"]').waitFor();
    await expect(row().getByTestId('unread-dot').count()).resolves.toBe(0);
    await row().locator('a').click();
    await adminMessages().first().waitFor();

    // Typing: the flag is on while the visitor's input is non-empty and focused.
    const input = panel().getByRole('textbox', { name: 'Message' });
    await input.fill('Also the');
    await admin.getByTestId('client-typing').waitFor();
    await input.fill('');
    await admin.getByTestId('client-typing').waitFor({ state: 'detached' });

    await admin.getByRole('textbox', { name: 'Reply' }).fill('Hi! Ann from Seatside here, let me check your tags.');
    await admin.getByRole('button', { name: 'Send', exact: true }).click();
    const reply = panel().locator('.ssw-msg-support').filter({ hasText: 'let me check your tags' });
    await reply.waitFor();
    await expect(reply.locator('.ssw-msg-name').textContent()).resolves.toBe(staffName);
  });

  it('message text is rendered as text: a <script> message stays inert on both sides', async () => {
    const hostile = `<script>window.__xss = 1</script><img src=x onerror="window.__xss = 2">`;
    await visitorSends(hostile);
    await adminMessages().getByTestId('message-text').filter({ hasText: '<script>window.__xss = 1</script>' }).waitFor();
    await expect(admin.evaluate('window.__xss')).resolves.toBeUndefined();
    await expect(visitor.evaluate('window.__xss')).resolves.toBeUndefined();
    await expect(admin.locator('[data-testid="message-text"] img, [data-testid="message-text"] script').count()).resolves.toBe(0);
  });

  it("'Draft with AI' fills the reply from the model (the fake OpenAI), grounded on the FAQs", async () => {
    await visitorSends('How much does Seatside cost per order?');
    await adminMessages().filter({ hasText: 'How much does Seatside cost per order?' }).waitFor();
    fake.enqueue({ content: 'Seatside is free; a platform fee applies per order.' });
    await admin.getByRole('button', { name: 'Draft with AI' }).click();
    await admin.waitForFunction(`document.querySelector('textarea[aria-label="Reply"]')?.value === 'Seatside is free; a platform fee applies per order.'`);
    const request = fake.chatRequests().at(-1);
    expect(request?.model).toBe('gpt-e2e');
    expect(JSON.stringify(request?.messages)).toContain('How much does Seatside cost per order?');
    expect(String(request?.messages[0]?.content)).toContain('# FAQs');
    await admin.getByRole('button', { name: 'Send', exact: true }).click();
    await panel().locator('.ssw-msg-support').filter({ hasText: 'a platform fee applies per order' }).waitFor();
  });

  it('a video call between the two: Get Token, the visitor accepts, both see live remote video (frames decoded), hang-up ends it', async () => {
    await admin.getByRole('link', { name: 'Video call' }).click();
    await admin.getByRole('button', { name: 'Get Token' }).click();
    await admin.getByTestId('call-view').waitFor();
    // No LiveKit on this platform: the call view says so plainly, and the call goes peer to peer.
    await admin.getByText('LiveKit is not configured on this server: the call goes directly between the two browsers (peer to peer).', { exact: true }).waitFor();

    const prompt = panel().getByRole('alertdialog', { name: 'Incoming video call' });
    await prompt.waitFor();
    await prompt.getByRole('button', { name: 'Accept' }).click();

    const decoding = (label: string) =>
      `(() => { const v = document.querySelector('video[aria-label="${label}"]'); return !!v && v.videoWidth > 0 && !v.paused && v.getVideoPlaybackQuality().totalVideoFrames > 10; })()`;
    await admin.waitForFunction(decoding('Remote video 1'));
    await visitor.waitForFunction(decoding('Video from support'));
    // Frames keep coming (a live stream, not one still picture).
    const framesAt = (page: Page, label: string) => page.evaluate(`document.querySelector('video[aria-label="${label}"]').getVideoPlaybackQuality().totalVideoFrames`) as Promise<number>;
    const before = await framesAt(admin, 'Remote video 1');
    await admin.waitForFunction(`document.querySelector('video[aria-label="Remote video 1"]').getVideoPlaybackQuality().totalVideoFrames > ${before + 10}`);
    await expect(admin.getByTestId('call-grid').getAttribute('data-columns')).resolves.toBe('1');

    // The codec is vp8 (seed 001 §9).
    await expect(admin.getByTestId('call-codec').textContent()).resolves.toMatch(/video\/VP8/i);
    await admin.getByRole('button', { name: 'Mute microphone' }).click();
    await admin.getByRole('button', { name: 'Unmute microphone' }).waitFor();
    await admin.getByRole('button', { name: 'Turn camera off' }).click();
    await admin.getByRole('button', { name: 'Turn camera on' }).click();

    await admin.getByRole('button', { name: 'Hang up' }).click();
    await admin.getByRole('button', { name: 'Get Token' }).waitFor();
    await panel().getByLabel('Video call').waitFor({ state: 'detached' });

    // The visitor hangs up: staff are back at the button, their camera off; a declined call too.
    const liveCameras = `(window.__cameras ?? []).filter((t) => t.readyState === 'live').length`;
    await admin.evaluate(`(() => {
      window.__cameras = [];
      const getUserMedia = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
      navigator.mediaDevices.getUserMedia = async (constraints) => {
        const stream = await getUserMedia(constraints);
        window.__cameras.push(...stream.getTracks());
        return stream;
      };
    })()`);
    await admin.getByRole('button', { name: 'Get Token' }).click();
    await prompt.getByRole('button', { name: 'Accept' }).click();
    await visitor.waitForFunction(decoding('Video from support'));
    await panel().getByRole('button', { name: 'Hang up' }).click();
    await admin.getByRole('button', { name: 'Get Token' }).waitFor();
    await admin.getByTestId('call-status').getByText('The call ended', { exact: true }).waitFor();
    await expect(admin.evaluate(liveCameras)).resolves.toBe(0);

    await admin.getByRole('button', { name: 'Get Token' }).click();
    await prompt.getByRole('button', { name: 'Reject' }).click();
    await admin.getByTestId('call-status').getByText('The visitor declined the call', { exact: true }).waitFor();
    await admin.getByRole('button', { name: 'Get Token' }).waitFor();
    await expect(admin.evaluate(liveCameras)).resolves.toBe(0);
  });

  it('the admin edits and unsends a message, creates an FAQ from a pair, bookmarks, ends and deletes the chat', async () => {
    await admin.getByRole('link', { name: 'Back to the chat' }).click();
    const mine = adminMessages().filter({ hasText: 'let me check your tags' });
    await mine.getByRole('button', { name: 'Edit' }).click();
    await admin.getByRole('textbox', { name: 'Edit message' }).fill('Hi! Ann here: I am checking your tags now.');
    await admin.getByRole('button', { name: 'Save' }).click();
    await adminMessages().filter({ hasText: 'I am checking your tags now' }).filter({ hasText: 'edited' }).waitFor();
    await panel().locator('.ssw-msg-support').filter({ hasText: 'I am checking your tags now' }).waitFor();

    const hostile = adminMessages().filter({ hasText: '<script>' });
    await hostile.getByRole('button', { name: 'Unsend' }).click();
    await hostile.waitFor({ state: 'detached' });
    await panel().locator('.ssw-msg-client').filter({ hasText: '<script>' }).waitFor({ state: 'detached' });

    const answer = adminMessages().filter({ hasText: 'a platform fee applies per order' });
    await answer.getByRole('button', { name: 'Create FAQ' }).click();
    await admin.getByText('FAQ created').waitFor();
    const href = await admin.getByRole('link', { name: 'Open the FAQ' }).getAttribute('href');
    const faq = await apiOf(app)<{ question: string; answer: string }>('GET', `/faqs/${href?.split('/').pop()}`);
    expect(faq.body).toMatchObject({ question: 'How much does Seatside cost per order?', answer: 'Seatside is free; a platform fee applies per order.' });

    await admin.getByRole('button', { name: 'Bookmark' }).click();
    await admin.getByText('Bookmarked', { exact: true }).waitFor();
    await admin.getByRole('button', { name: 'End chat' }).click();
    await admin.getByText('Ended', { exact: true }).waitFor();

    await admin.getByRole('link', { name: 'All chats' }).click();
    await admin.getByRole('tab', { name: 'Bookmarked' }).click();
    await row().waitFor();
    await admin.getByRole('tab', { name: 'Open' }).click();
    await admin.getByText('No chats found').waitFor();
    await admin.getByRole('tab', { name: 'Ended' }).click();
    await row().locator('a').click();

    await admin.getByRole('button', { name: 'Delete chat' }).click();
    await admin.getByRole('button', { name: 'Delete', exact: true }).click();
    await admin.waitForURL(`${app.url}/admin/chats`);
    await admin.getByRole('tab', { name: 'Ended' }).click();
    await admin.getByText('No chats found').waitFor();
    await panel().locator('.ssw-msg-client').first().waitFor({ state: 'detached' });
  });

  it('given more open chats than the inbox reads at once (50), then "Load more" shows the older ones, and a live change keeps them shown', async () => {
    // 51 visitors (a request without the cookie is a new visitor), the first the oldest.
    const page = await app.visitor();
    await page.goto(`${app.url}/`);
    await page.evaluate(`(async () => {
      for (let i = 1; i <= 51; i++) {
        const r = await fetch('/v1/chat', { method: 'POST', credentials: 'omit', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message: 'Inbox visitor ' + i, type: 'text' }) });
        if (r.status !== 201) throw new Error('chat ' + i + ': ' + r.status);
      }
    })()`);
    await admin.goto(`${app.url}/admin/chats`);
    const rows = admin.getByTestId('chat-row');
    const lastMessage = (text: string) => rows.getByTestId('last-message').getByText(text, { exact: true });
    await lastMessage('Inbox visitor 51').waitFor();
    await expect(rows.count()).resolves.toBe(50);
    const oldest = lastMessage('Inbox visitor 1');
    await expect(oldest.count()).resolves.toBe(0);

    await admin.getByRole('button', { name: 'Load more' }).click();
    await oldest.waitFor();
    await expect(rows.count()).resolves.toBe(51);
    await expect(admin.getByRole('button', { name: 'Load more' }).count()).resolves.toBe(0);

    // A new chat arrives live: the list reads again, the older page with it.
    await visitorSends('Back with one more thing');
    await lastMessage('Back with one more thing').waitFor();
    await expect(rows.count()).resolves.toBe(52);
    await oldest.waitFor();
  });

  it('given a long conversation, then the admin opens it at the newest message, and a new one scrolls into view', async () => {
    // 30 more messages in the visitor's chat (the widget's call, with its cookie).
    await visitor.evaluate(`(async () => {
      for (let i = 1; i <= 30; i++) {
        const r = await fetch('/v1/chat', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message: 'Long chat line ' + i, type: 'text' }) });
        if (r.status !== 201) throw new Error('line ' + i + ': ' + r.status);
      }
    })()`);
    await admin.goto(`${app.url}/admin/chats`);
    await admin.getByTestId('last-message').getByText('Long chat line 30', { exact: true }).click();
    /** Whether the message reads inside the list's scrolled view, as a page function. */
    const inView = (text: string) => `(() => {
      const el = [...document.querySelectorAll('[data-testid="message-text"]')].find((m) => m.textContent === ${JSON.stringify(text)});
      if (!el) return false;
      const list = el.closest('ul').getBoundingClientRect();
      const box = el.getBoundingClientRect();
      return box.top >= list.top && box.bottom <= list.bottom;
    })()`;
    await admin.waitForFunction(inView('Long chat line 30'));
    await expect(admin.evaluate(inView('Long chat line 1'))).resolves.toBe(false);

    await visitorSends('And one more, live');
    await admin.waitForFunction(inView('And one more, live'));
  });

  it('given the open chat, when another staff member deletes it, then the page says so, with the way back to all chats', async () => {
    // The admin is on the long conversation of the spec above.
    await admin.getByTestId('message-text').getByText('And one more, live', { exact: true }).waitFor();
    const chatId = decodeURIComponent(new URL(admin.url()).pathname.split('/').pop() ?? '');
    const other = await apiOf(app)<{ token: string }>('POST', '/auth/sign-in', { email: staffEmail, password });
    expect((await apiOf(app)('DELETE', `/admin/chats/${encodeURIComponent(chatId)}`, undefined, other.body.token)).status).toBe(200);

    await admin.getByRole('alert').getByText('This chat was deleted.', { exact: true }).waitFor();
    await expect(admin.getByTestId('chat-message').count()).resolves.toBe(0);
    await admin.getByRole('link', { name: 'All chats' }).click();
    await admin.waitForURL(`${app.url}/admin/chats`);
  });

  it('given the widget closed, when support replies or calls, then the launcher counts it; opening shows them and clears the count', async () => {
    await visitor.getByRole('button', { name: 'Close support' }).click();
    await panel().waitFor({ state: 'hidden' });
    await visitor.evaluate(`fetch('/v1/chat', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message: 'Closing the widget now', type: 'text' }) })`);
    await admin.goto(`${app.url}/admin/chats`);
    await admin.getByTestId('last-message').getByText('Closing the widget now', { exact: true }).click();
    await admin.getByRole('textbox', { name: 'Reply' }).fill('Are you still there?');
    await admin.getByRole('button', { name: 'Send', exact: true }).click();

    const badge = visitor.getByTestId('support-unread');
    await visitor.getByRole('button', { name: 'Open support, 1 new', exact: true }).waitFor();
    await expect(badge.textContent()).resolves.toBe('1');
    await admin.getByRole('link', { name: 'Video call' }).click();
    await admin.getByRole('button', { name: 'Get Token' }).click();
    await visitor.getByRole('button', { name: 'Open support, 2 new', exact: true }).waitFor();

    await visitor.getByRole('button', { name: 'Open support, 2 new', exact: true }).click();
    await panel().locator('.ssw-msg-support').filter({ hasText: 'Are you still there?' }).waitFor();
    await panel().getByRole('alertdialog', { name: 'Incoming video call' }).getByRole('button', { name: 'Reject' }).click();
    await expect(badge.count()).resolves.toBe(0);
    await admin.getByTestId('call-status').getByText('The visitor declined the call', { exact: true }).waitFor();
  });

  it('given a visitor in the chat, when staff end it from the admin area, then the widget says so live; the visitor writes again and the chat is open once more', async () => {
    const { widget, input, chatId } = await dinerInChat('Can I change my order after paying?');
    await expect(widget.getByTestId('chat-ended').count()).resolves.toBe(0);

    await admin.goto(`${app.url}/admin/chats/${encodeURIComponent(chatId)}`);
    await adminMessages().filter({ hasText: 'Can I change my order' }).waitFor();
    await admin.getByRole('button', { name: 'End chat' }).click();
    await admin.getByText('Ended', { exact: true }).waitFor();

    const ended = widget.getByRole('status').filter({ hasText: 'This chat has ended.' });
    await ended.waitFor();
    await expect(ended.innerText()).resolves.toBe('This chat has ended. Send a message to start it again.');
    await expect(widget.locator('.ssw-msg-client').filter({ hasText: 'Can I change my order' }).count()).resolves.toBe(1);

    await input.fill('One more thing');
    await input.press('Enter');
    await widget.locator('.ssw-msg-client[data-status="sent"]').filter({ hasText: 'One more thing' }).waitFor();
    await ended.waitFor({ state: 'detached' });
    await expect(apiOf(app)<{ ended: boolean }>('GET', `/admin/chats/${encodeURIComponent(chatId)}`, undefined, (await apiOf(app)<{ token: string }>('POST', '/auth/sign-in', { email: staffEmail, password })).body.token).then((r) => r.body.ended)).resolves.toBe(false);
  });

  it('given a visitor whose connection drops mid-chat, when support replies and unsends meanwhile, then back online the widget shows the chat as it is now', async () => {
    const { diner, widget, chatId } = await dinerInChat('My phone keeps losing signal in the stadium');
    const staff = (await apiOf(app)<{ token: string }>('POST', '/auth/sign-in', { email: staffEmail, password })).body.token;
    const reply = (text: string) => apiOf(app)<{ id: string }>('POST', `/admin/chats/${encodeURIComponent(chatId)}/messages`, { text }, staff);
    const early = await reply('Sorry, a wrong answer');
    await widget.locator('.ssw-msg-support').filter({ hasText: 'a wrong answer' }).waitFor();
    await diner.locator('#ssw-panel[data-live="true"]').waitFor();

    await diner.context().setOffline(true);
    await diner.locator('#ssw-panel[data-live="false"]').waitFor();
    expect((await reply('We can hear you: try the Wi-Fi at gate 4')).status).toBe(201);
    expect((await apiOf(app)('DELETE', `/admin/chats/${encodeURIComponent(chatId)}/messages/${encodeURIComponent(early.body.id)}`, undefined, staff)).status).toBe(200);
    await diner.context().setOffline(false);

    await diner.locator('#ssw-panel[data-live="true"]').waitFor();
    await widget.locator('.ssw-msg-support').filter({ hasText: 'try the Wi-Fi at gate 4' }).waitFor();
    await widget.locator('.ssw-msg-support').filter({ hasText: 'a wrong answer' }).waitFor({ state: 'detached' });
    await expect(widget.locator('.ssw-msg').allInnerTexts().then((texts) => texts.map((t) => t.includes('gate 4')).filter(Boolean).length)).resolves.toBe(1);
  });

  it('given a second support admin with a chat open, when their admin claim is revoked, then the server closes their socket and the visitor\'s next message reaches the other admin only', async () => {
    const api = apiOf(app);
    const staff = (await api<{ token: string }>('POST', '/auth/sign-in', { email: staffEmail, password })).body.token;
    const second = await signUp(app, 'second-support');
    expect((await api('POST', `/admin/users/${second.uid}/claims`, { admin: true }, staff)).status).toBe(200);
    const { widget, chatId } = await dinerInChat('Hello, is anyone there?');
    const secondPage = await signedIn(app, second, { redirect: '/admin' });
    const chatSocket = secondPage.waitForEvent('websocket', (ws) => /nsp=(%2F|\/)chat/.test(ws.url()));
    await secondPage.goto(`${app.url}/admin/chats/${encodeURIComponent(chatId)}`);
    const socket = await chatSocket;
    const atSecond = secondPage.getByTestId('chat-message');
    await atSecond.filter({ hasText: 'Hello, is anyone there?' }).waitFor();
    // Live before the revocation: the visitor's next message arrives on its own.
    await visitorSends('Section 114, seat 9', widget);
    await atSecond.filter({ hasText: 'Section 114, seat 9' }).waitFor();

    const closed = socket.waitForEvent('close', { timeout: 5_000 });
    expect((await api('POST', `/admin/users/${second.uid}/claims`, { admin: false }, staff)).status).toBe(200);
    await closed;
    await admin.goto(`${app.url}/admin/chats/${encodeURIComponent(chatId)}`);
    await adminMessages().filter({ hasText: 'Section 114, seat 9' }).waitFor();
    await visitorSends('My card ends in 4242', widget);
    await adminMessages().filter({ hasText: 'My card ends in 4242' }).waitFor();
    // The other admin's page heard it; give the revoked one's as long again before looking.
    await secondPage.waitForTimeout(1_000);
    await expect(atSecond.filter({ hasText: 'My card ends in 4242' }).count()).resolves.toBe(0);
  });
});
