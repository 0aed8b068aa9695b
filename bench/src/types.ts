/** Shapes shared by the runner, the ceiling server and the report. */

export type DbKind = 'sqlite' | 'postgres';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * What an endpoint's figures are judged against (issue 8): `list` and `detail` against the
 * ceiling, `search` against its own latency bounds, `read` against the read p99 bound; `page`
 * (a server-rendered HTML page), `write` and `mixed` only against the zero-error target.
 */
export type EndpointKind = 'list' | 'detail' | 'search' | 'read' | 'page' | 'write' | 'mixed';

export interface BenchRequest {
  method: Method;
  /** Path and query, e.g. `/api/stories?page=1&limit=6&sort=popular`. */
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Send as a new visitor each time (user agent and address), so every visitor read counts. */
  newVisitor?: boolean;
}

export interface Endpoint {
  name: string;
  kind: EndpointKind;
  /** One line for the report: what is requested and how it varies. */
  description: string;
  /** Sent in turn, round and round, across all connections. */
  requests: BenchRequest[];
}

/** A response as the real server sent it, replayed byte for byte by the ceiling server. */
export interface RecordedResponse {
  method: Method;
  path: string;
  status: number;
  headers: [string, string][];
  /** Base64. */
  body: string;
}

export interface Figures {
  /** Responses received (any status). */
  requests: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** non2xx + socketErrors (timeouts included). */
  errors: number;
  non2xx: number;
  socketErrors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
}

export interface EndpointResult {
  name: string;
  kind: EndpointKind;
  description: string;
  distinctRequests: number;
  /** Mean body size of the recorded responses. */
  responseBytes: number;
  ours: Figures & { peakRssMb: number | null };
  ceiling: Figures | null;
  /** ours.rps / ceiling.rps. */
  ratio: number | null;
}

export interface Machine {
  cpus: number;
  cpuModel: string;
  memoryGb: number;
  node: string;
  platform: string;
}

export interface RunResult {
  format: 1;
  db: DbKind;
  size: { label: string; stories: number };
  date: string;
  machine: Machine;
  git: { commit: string; dirty: boolean } | null;
  config: { duration: number; connections: number; seed: number };
  library: { publicStories: number; seededSeconds: number | null };
  server: { peakRssMb: number | null };
  endpoints: EndpointResult[];
}
