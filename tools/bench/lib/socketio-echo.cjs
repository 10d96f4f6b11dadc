'use strict';
// The chat bench's baseline: a bare socket.io server in a process of its own, on the chassis' path,
// acknowledging every `echo` with its payload. Prints `listening <port>` once ready.
const http = require('node:http');
const { Server } = require('socket.io');

const server = http.createServer();
const io = new Server(server, { path: '/socket.io', serveClient: false });
io.on('connection', (socket) => socket.on('echo', (payload, ack) => typeof ack === 'function' && ack(payload)));
server.listen(0, '127.0.0.1', () => console.log(`listening ${server.address().port}`));
process.on('SIGTERM', () => process.exit(0));
