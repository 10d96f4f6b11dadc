'use strict';
// The chat bench's load generator, a process of its own (never the servers' nor the orchestrator's
// event loop): the visitors' browsers. Plain CommonJS so it starts without a compiler.
//   node tools/bench/lib/chat-load.cjs '<json options>'
// Prints `ready` once its sockets are connected (and, for chats, each chat has its first message),
// starts on a `go` line on stdin, and ends with `result <json>`.
// - mode 'chat': `chats` visitors, each with a `/chat` socket on each of `urls` (its cookie, two tabs);
//   every chat POSTs a message each `everyMs` (random phase) to the processes in turn; delivery =
//   from the POST leaving here to the `message` event on each socket (the other process's socket
//   heard it through Redis: `crossProcess`).
// - mode 'echo': `sockets` sockets on a bare socket.io server, each emitting an acknowledged echo
//   each `everyMs`: the round trip is the floor.
const { io } = require('socket.io-client');
const readline = require('node:readline');

const options = JSON.parse(process.argv[2] || '{}');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function connect(url, namespace, auth, cookie) {
  return new Promise((resolve, reject) => {
    const socket = io(`${url}${namespace}`, {
      path: '/socket.io', query: { nsp: namespace }, transports: ['websocket'], forceNew: true, reconnection: false, auth,
      ...(cookie ? { extraHeaders: { cookie } } : {}),
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** `count` at a time in groups of 25 (a burst of 500 handshakes is not what is measured). */
async function inGroups(count, open) {
  const all = [];
  for (let i = 0; i < count; i += 25) all.push(...(await Promise.all(Array.from({ length: Math.min(25, count - i) }, (_, j) => open(i + j)))));
  return all;
}

/** Calls `tick(i)` for each of `count` every `everyMs`, each at a random phase, for `seconds`. */
async function paced(count, tick) {
  const until = Date.now() + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      await sleep(Math.random() * options.everyMs);
      while (Date.now() < until) {
        const next = Date.now() + options.everyMs;
        await tick(i);
        await sleep(Math.max(0, next - Date.now()));
      }
    }),
  );
}

const percentiles = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p) => Number((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0).toFixed(1));
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: at(1) };
};

const waitForGo = () =>
  new Promise((resolve) => {
    const lines = readline.createInterface({ input: process.stdin });
    lines.on('line', (line) => {
      if (line.trim() === 'go') {
        lines.close();
        resolve();
      }
    });
  });

async function chat(sockets) {
  const { urls, chats } = options;
  const visitors = await inGroups(chats, async (i) => {
    const res = await fetch(`${urls[i % urls.length]}/v1/chat`);
    const cookie = String(res.headers.get('set-cookie')).split(';')[0];
    const { id } = await res.json();
    return { chatId: id, cookie };
  });
  const pending = new Map();
  const delivery = [];
  const crossProcess = [];
  let warm = 0;
  await inGroups(chats * urls.length, async (n) => {
    const visitor = visitors[Math.floor(n / urls.length)];
    const onProcess = n % urls.length;
    const socket = await connect(urls[onProcess], '/chat', { chatId: visitor.chatId }, visitor.cookie);
    socket.on('message', (message) => {
      if (message.text.startsWith('warmup:')) return void (warm += 1);
      const sent = pending.get(message.text);
      if (sent === undefined) return;
      const ms = performance.now() - sent.at;
      delivery.push(ms);
      if (sent.process !== onProcess) crossProcess.push(ms);
    });
    sockets.push(socket);
  });
  let sent = 0;
  let failed = 0;
  const post = async (visitor, text, onProcess) => {
    const res = await fetch(`${urls[onProcess]}/v1/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: visitor.cookie },
      body: JSON.stringify({ message: text, type: 'text' }),
    });
    await res.arrayBuffer();
    return res.ok;
  };
  // Each visitor's first message starts its chat (and warms both processes): not measured.
  await inGroups(chats, (i) => post(visitors[i], `warmup:${i}`, i % urls.length));
  for (let i = 0; i < 500 && warm < chats * urls.length; i++) await sleep(10);
  console.log('ready');
  await waitForGo();
  await paced(chats, async (i) => {
    const n = sent++;
    const text = `bench:${i}:${n}`;
    const onProcess = n % urls.length;
    pending.set(text, { at: performance.now(), process: onProcess });
    if (!(await post(visitors[i], text, onProcess))) failed += 1;
  });
  await sleep(2_000);
  return { sent, failed, lost: sent * urls.length - delivery.length, delivery: percentiles(delivery), crossProcess: percentiles(crossProcess) };
}

async function echo(sockets) {
  const connected = await inGroups(options.sockets, async () => {
    const socket = await connect(options.url, '/', {});
    sockets.push(socket);
    return socket;
  });
  console.log('ready');
  await waitForGo();
  const roundTrips = [];
  await paced(connected.length, async (i) => {
    const started = performance.now();
    await connected[i].emitWithAck('echo', `bench:${i}`);
    roundTrips.push(performance.now() - started);
  });
  return { roundTrip: percentiles(roundTrips) };
}

async function main() {
  const sockets = [];
  try {
    const result = options.mode === 'chat' ? await chat(sockets) : await echo(sockets);
    console.log(`result ${JSON.stringify(result)}`);
  } finally {
    for (const socket of sockets) socket.close();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
