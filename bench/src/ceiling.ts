/**
 * The ceiling: a bare node:http server that answers each recorded request with the real server's
 * bytes (status, headers, body) from memory, doing nothing else. Whatever it reaches is what Node
 * itself can do on this machine with these response sizes.
 *
 * Usage: node --import tsx bench/src/ceiling.ts <recordings.ndjson> <port>
 * (one recorded response as JSON per line, record.ts).
 */
import { createReadStream } from 'node:fs';
import { createServer } from 'node:http';
import { createInterface } from 'node:readline';
import type { RecordedResponse } from './types.js';

interface Reply {
  status: number;
  headers: string[];
  body: Buffer;
}

const [file, port] = process.argv.slice(2);
if (!file || !port) {
  process.stderr.write('Usage: ceiling.ts <recordings.ndjson> <port>\n');
  process.exit(2);
}

const replies = new Map<string, Reply>();
for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
  if (!line) continue;
  const r = JSON.parse(line) as RecordedResponse;
  const key = `${r.method} ${r.path}`;
  if (!replies.has(key)) {
    replies.set(key, {
      status: r.status,
      headers: r.headers.flat(),
      body: Buffer.from(r.body, 'base64'),
    });
  }
}
const notRecorded: Reply = {
  status: 404,
  headers: ['content-type', 'text/plain', 'content-length', '12'],
  body: Buffer.from('not recorded'),
};

const server = createServer((req, res) => {
  const reply = replies.get(`${req.method} ${req.url}`) ?? notRecorded;
  req.resume();
  res.writeHead(reply.status, reply.headers);
  res.end(reply.body);
});
// As long as Fastify's default, so idle connections are treated alike.
server.keepAliveTimeout = 72_000;
server.listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'));
process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
