// A client for the templates bench (a separate process, so the server's RSS is its own):
//   { url, headers, body } → POSTs body and reads the answer to its end: { status, bytes, ms }
const http = require('node:http');

const { url, headers, body } = JSON.parse(process.argv[2]);
const began = Date.now();
const data = JSON.stringify(body);
const req = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data), ...headers } }, (res) => {
  let bytes = 0;
  res.on('data', (chunk) => (bytes += chunk.length));
  res.on('end', () => console.log(JSON.stringify({ status: res.statusCode, bytes, ms: Date.now() - began })));
});
req.on('error', (err) => {
  console.error(err);
  process.exit(1);
});
req.end(data);
