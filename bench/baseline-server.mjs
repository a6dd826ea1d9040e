// The baseline: a bare node:http server that replays recorded responses byte for byte (status, headers, body),
// chosen by the exact request URL. It does nothing else, so it is the practical limit of this machine for these
// payloads. With `express` as third argument the same replay runs as one Express 5 route (no validator, no store):
// the framework's own share, "Express alone" in the results.
// Usage: node bench/baseline-server.mjs RECORDINGS.json PORT [express]
// RECORDINGS.json: { "<url>": { "status": 200, "headers": [[name, value], …], "body_base64": "…" }, … }
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [file, port, mode] = process.argv.slice(2);
const recordings = new Map();
for (const [url, r] of Object.entries(JSON.parse(readFileSync(file, 'utf8')))) {
  recordings.set(url, {
    status: r.status,
    headers: r.headers.flat(),
    pairs: r.headers,
    body: Buffer.from(r.body_base64, 'base64'),
  });
}
const notFound = Buffer.from('{"error":"not recorded"}');

if (mode === 'express') {
  const { default: express } = await import('express');
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.get('/__ready', (_req, res) => {
    res.send('ok');
  });
  app.use((req, res) => {
    const r = recordings.get(req.originalUrl);
    if (!r) return res.status(404).type('application/json').send(notFound);
    for (const [name, value] of r.pairs) if (name !== 'content-length') res.setHeader(name, value);
    res.status(r.status).send(r.body);
  });
  app.listen(Number(port), '127.0.0.1');
} else {
  createServer((req, res) => {
    if (req.url === '/__ready') return res.end('ok');
    const r = recordings.get(req.url);
    if (!r) {
      res.writeHead(404, { 'content-type': 'application/json', 'content-length': notFound.length });
      return res.end(notFound);
    }
    res.writeHead(r.status, r.headers);
    res.end(r.body);
  }).listen(Number(port), '127.0.0.1');
}
process.on('SIGTERM', () => process.exit(0));
