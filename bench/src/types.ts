/** Shapes shared by the runner, the ceiling server and the report. */

export type DbKind = 'sqlite' | 'postgres';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * What an endpoint's figures are judged against (bench/README.md, Targets): `list`, `detail`
 * and `read` against the read p99 bound and the ceiling, `search` against its own latency
 * bounds, `page` (a server-rendered HTML page) against the shell share, req/s and page p99
 * bounds; `comments` (issue 19's two reads) against its p99 bound; `staff`, `write` and `mixed`
 * only against the zero-error target.
 */
export type EndpointKind =
  | 'list'
  | 'detail'
  | 'search'
  | 'read'
  | 'comments'
  | 'notifications'
  | 'stats'
  | 'staff'
  | 'revisions'
  | 'page'
  | 'take-along'
  | 'write'
  | 'mixed';

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
  /**
   * Page endpoints on our server: the answers by their `x-server-rendered` header, `true` for
   * a page rendered on the server, `false` for the bare app shell; null for other endpoints.
   */
  pages: { rendered: number; shell: number; unmarked: number } | null;
  /** shell / all answers of a page endpoint on our server; null for other endpoints. */
  shellShare: number | null;
}

/**
 * How our server runs: `uncached` with RESPONSE_CACHE_MS=0 (every answer computed: what a
 * visitor gets who asks for something nobody asked for in the last seconds), `cached` with the
 * server's default visitors' response micro-cache.
 */
export type Mode = 'uncached' | 'cached';
export const MODES: readonly Mode[] = ['uncached', 'cached'];

export type OurFigures = Figures & {
  /** Highest resident memory sampled while this endpoint was loaded. */
  peakRssMb: number | null;
  /**
   * The server process's CPU time (user and system, from /proc) over the load, per answer, in
   * microseconds: what an answer costs, measured with far less noise than req/s on a machine
   * whose two cores the load generator shares. Null where /proc is not readable, and in run
   * files written before it was recorded.
   */
  cpuUsPerAnswer?: number | null;
};

export interface EndpointResult {
  name: string;
  kind: EndpointKind;
  description: string;
  /** Distinct requests, as recorded for the ceiling. */
  distinctRequests: number;
  /** Mean body size of the recorded responses. */
  responseBytes: number;
  /** Uncached figures: the primary ones; null when the run had no uncached mode. */
  ours: OurFigures | null;
  /** With the server's response micro-cache; null when the run had no cached mode. */
  cached: OurFigures | null;
  ceiling: Figures | null;
  /** ours.rps / ceiling.rps. */
  ratio: number | null;
  /** cached.rps / ceiling.rps. */
  cachedRatio: number | null;
}

export interface Machine {
  cpus: number;
  cpuModel: string;
  memoryGb: number;
  node: string;
  platform: string;
}

export interface RunConfig {
  duration: number;
  connections: number;
  seed: number;
  /** The modes run, in the order they ran. */
  modes: Mode[];
  /** Node's flags the server ran with; null when not recorded (format 1). */
  nodeFlags: string[] | null;
  /** Where the flags came from: npm start's script, or --node-flags. */
  nodeFlagsFrom: 'npm start' | 'option' | null;
  /** SERVER_PROCESSES the server ran with; absent in runs before it (one process). */
  processes?: number;
  /** RENDER_SHED_DELAY_MS when the bench's environment set it; null: the server's default. */
  renderShedDelayMs: string | null;
  /**
   * DATABASE_PREPARED_STATEMENTS when the bench's environment set it; null: the server's default
   * (on); absent in runs before decision 050, which had none.
   */
  preparedStatements?: string | null;
  /**
   * What the workloads drew on: the sample's cap, stories and chapters sampled, writers, and
   * the comment endpoints' chapters (absent before them).
   */
  sample: {
    maxStories: number;
    stories: number;
    chapters: number;
    writers: number;
    commentChapters?: number;
    /** The notification endpoints' users (absent before them). */
    notifiedUsers?: number;
  } | null;
}

export interface RunResult {
  format: 2;
  db: DbKind;
  size: { label: string; stories: number };
  date: string;
  machine: Machine;
  git: { commit: string; dirty: boolean } | null;
  config: RunConfig;
  library: { publicStories: number; seededSeconds: number | null };
  /** Our server's peak RSS (VmHWM) per mode; null when not run (or not measurable). */
  server: { peakRssMb: number | null; cachedPeakRssMb: number | null };
  endpoints: EndpointResult[];
}

/** Run files before the modes: every figure measured with the response micro-cache on. */
export interface RunResultV1 {
  format: 1;
  db: DbKind;
  size: { label: string; stories: number };
  date: string;
  machine: Machine;
  git: { commit: string; dirty: boolean } | null;
  config: { duration: number; connections: number; seed: number };
  library: { publicStories: number; seededSeconds: number | null };
  server: { peakRssMb: number | null };
  endpoints: (Omit<EndpointResult, 'ours' | 'cached' | 'cachedRatio'> & {
    ours: Omit<OurFigures, 'pages' | 'shellShare'>;
  })[];
}
