/*
 * Seatside service worker. It caches nothing: the app always comes from the network. It exists so
 * the page can tell when a new version is deployed: a changed sw.js installs and then waits until
 * the page's update prompt (UpdatePrompt in @seatside/ui) posts SKIP_WAITING after clearing caches.
 */
// Bump (or have the build stamp) this line to ship a new worker.
// version: 1

self.addEventListener('install', () => {
  // Wait: the page decides when the new version takes over (Update Now / Update Later).
});

// No clients.claim(): a first visit stays uncontrolled until its next load, so the only
// 'controllerchange' a page sees is the one Update Now causes.

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});
