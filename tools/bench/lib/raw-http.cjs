'use strict';
// A lean HTTP/1.1 client for closed-loop load (one request at a time on each keep-alive socket), as
// wrk or autocannon are: the request goes out in one write of bytes built once but for the header
// that changes, and only the status line, Content-Length or chunked framing of the answer are read.
// node:http's agent, request and response objects cost the load process about as much CPU per order
// as the server's own HTTP layer, and on a 2-core machine that CPU is taken from the server.
const net = require('node:net');

const HEADER_END = Buffer.from('\r\n\r\n');

/** The framing of an answer whose head is `head` (latin1 text up to the blank line). */
function framingOf(head) {
  const status = Number(head.slice(9, 12));
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (length) return { status, length: Number(length[1]) };
  if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) return { status, chunked: true };
  return { status, length: 0 };
}

/** Where a chunked body that starts at `from` ends (after its last chunk), or -1 while incomplete; the body's bytes are collected into `parts`. */
function chunkedEnd(buffer, from, parts) {
  let at = from;
  for (;;) {
    const lineEnd = buffer.indexOf('\r\n', at);
    if (lineEnd < 0) return -1;
    const size = parseInt(buffer.toString('latin1', at, lineEnd), 16);
    const dataEnd = lineEnd + 2 + size;
    if (buffer.length < dataEnd + 2) return -1;
    if (size === 0) {
      const trailerEnd = buffer.indexOf(HEADER_END, lineEnd);
      return trailerEnd < 0 ? -1 : trailerEnd + 4;
    }
    parts.push(buffer.subarray(lineEnd + 2, dataEnd));
    at = dataEnd + 2;
  }
}

/**
 * One keep-alive connection to `url`'s host. `send(method, path, headers, body)` resolves with
 * `{ status, body }` (body as text); one request at a time.
 */
function rawConnection(url) {
  const { hostname, port } = new URL(url);
  const socket = net.connect({ host: hostname, port: Number(port) || 80, noDelay: true });
  let buffered = Buffer.alloc(0);
  let waiting;
  const fail = (error) => {
    const w = waiting;
    waiting = undefined;
    w?.reject(error);
  };
  socket.on('error', fail);
  socket.on('close', () => fail(new Error('connection closed')));
  socket.on('data', (chunk) => {
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
    if (!waiting) return;
    const headEnd = buffered.indexOf(HEADER_END);
    if (headEnd < 0) return;
    const { status, length, chunked } = framingOf(buffered.toString('latin1', 0, headEnd));
    const bodyStart = headEnd + 4;
    let body;
    let end;
    if (chunked) {
      const parts = [];
      end = chunkedEnd(buffered, bodyStart, parts);
      if (end < 0) return;
      body = Buffer.concat(parts).toString();
    } else {
      end = bodyStart + length;
      if (buffered.length < end) return;
      body = buffered.toString('utf8', bodyStart, end);
    }
    buffered = buffered.subarray(end);
    const w = waiting;
    waiting = undefined;
    w.resolve({ status, body });
  });
  const hostHeader = `Host: ${hostname}${port ? `:${port}` : ''}\r\n`;
  return {
    send(method, path, headers, body) {
      const payload = Buffer.from(body ?? '');
      let head = `${method} ${path} HTTP/1.1\r\n${hostHeader}Content-Length: ${payload.length}\r\n`;
      for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
      return new Promise((resolve, reject) => {
        waiting = { resolve, reject };
        socket.write(Buffer.concat([Buffer.from(`${head}\r\n`, 'latin1'), payload]));
      });
    },
    close() {
      socket.destroy();
    },
  };
}

module.exports = { rawConnection };
