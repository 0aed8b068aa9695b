import {
  createServer,
  type IncomingMessage,
  request,
  type Server,
  type ServerResponse,
} from 'node:http';

/** Pins a request to one backend (its index), for tests that need "through this one". */
export const BACKEND_HEADER = 'x-test-backend';
/** The client address the proxy forwards (X-Forwarded-For); a fresh random one when absent. */
export const ADDRESS_HEADER = 'x-test-address';

export interface ProxyCounts {
  /** Requests sent to each backend (by index). */
  perBackend: number[];
  /** Requests that went to the next backend because the chosen one refused the connection. */
  retriedElsewhere: number;
  /** Requests cut off by a backend dying with them in flight (the client gets no answer). */
  cutOff: number;
}

/**
 * A small round-robin HTTP load balancer in front of several API processes, as a deployment
 * would have (docs/scaling.md): each request goes to the next backend in turn; a backend that
 * refuses the connection (its process is gone) is skipped, the request going to the next one
 * (nothing of it was sent, so this is safe for writes too); a request in flight when its
 * backend dies is cut off, its client getting no answer, as behind a real balancer. Answers
 * stream through as they come, so a live notification stream (SSE) works through it.
 * `X-Forwarded-For` carries a client address (`x-test-address`, or a random one per request),
 * so the servers' per-address limits see distinct clients (TRUST_PROXY=true).
 */
export class RoundRobinProxy {
  private server: Server | null = null;
  private next = 0;
  readonly counts: ProxyCounts;
  port = 0;

  constructor(private readonly backends: number[]) {
    this.counts = { perBackend: backends.map(() => 0), retriedElsewhere: 0, cutOff: 0 };
  }

  get baseURL(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => this.forward(req, Buffer.concat(chunks), res));
    });
    // No keep-alive to the backends: a dead one then shows as a refused connection at once.
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    this.server = null;
  }

  private forward(req: IncomingMessage, body: Buffer, res: ServerResponse): void {
    const pinned = req.headers[BACKEND_HEADER];
    const headers = { ...req.headers };
    delete headers[BACKEND_HEADER];
    const address =
      (req.headers[ADDRESS_HEADER] as string | undefined) ??
      `10.${rand(256)}.${rand(256)}.${1 + rand(254)}`;
    delete headers[ADDRESS_HEADER];
    headers['x-forwarded-for'] = address;
    headers['content-length'] = String(body.length);
    delete headers['transfer-encoding'];
    const first = pinned !== undefined ? Number(pinned) : this.next++ % this.backends.length;

    const attempt = (tries: number) => {
      const index = (first + tries) % this.backends.length;
      this.counts.perBackend[index]! += 1;
      let answered = false;
      const upstream = request(
        {
          host: '127.0.0.1',
          port: this.backends[index],
          method: req.method,
          path: req.url,
          headers,
          agent: false,
        },
        (answer) => {
          answered = true;
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          answer.on('error', () => res.destroy());
          res.on('close', () => answer.destroy());
        },
      );
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        // Refused: the backend is down and saw nothing; a pinned request is not moved.
        if (
          error.code === 'ECONNREFUSED' &&
          pinned === undefined &&
          tries + 1 < this.backends.length
        ) {
          this.counts.retriedElsewhere += 1;
          attempt(tries + 1);
          return;
        }
        if (!answered) this.counts.cutOff += 1;
        res.destroy();
      });
      upstream.end(body);
    };
    attempt(0);
  }
}

const rand = (n: number) => Math.floor(Math.random() * n);
