/*
 * Seatside service worker. It caches nothing: the app always comes from the network. It exists so
 * the page can tell when a new version is deployed: a changed sw.js installs and then waits until
 * the page's update prompt (UpdatePrompt in @seatside/ui) posts SKIP_WAITING after clearing caches.
 */
// The gateway stamps this line with a digest of the frontends deployed (stampedWorker, gateway/src/static.ts).
// version: unstamped

self.addEventListener('install', () => {
  // Wait: the page decides when the new version takes over (Update Now / Update Later).
});

// No clients.claim(): a first visit stays uncontrolled until its next load, so the only
// 'controllerchange' a page sees is the one Update Now causes.

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});

// Web push (admin notifications, seed 000 §3): the payload is `{title, options: {body, data: {url}}}`.
self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { title: event.data ? event.data.text() : 'Seatside' };
  }
  const options = message.options || {};
  event.waitUntil(self.registration.showNotification(message.title || 'Seatside', { body: options.body, data: options.data || {} }));
});

// A click opens the notification's url (same-origin paths), reusing an open tab when there is one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || '/admin', self.location.origin);
  if (url.origin !== self.location.origin) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === url.origin && 'navigate' in w);
      if (open) return open.focus().then(() => open.navigate(url.href));
      return self.clients.openWindow(url.href);
    }),
  );
});
