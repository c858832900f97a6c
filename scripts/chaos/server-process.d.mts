export const root: string;

/** Makes `appDir` a self-contained server folder (bundle, migrations, PDFs); returns the bundles. */
export function prepareServerApp(
  appDir: string,
): Promise<{ server: string; postgresCluster: string; leadBodies: string }>;

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number>;

export interface ServerProcess {
  readonly pid: number;
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** Milliseconds until GET /healthz answered 200; rejects when the process exits first or times out. */
  readonly ready: Promise<number>;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  readonly running: boolean;
  /** kill -9; resolves once the process is gone. */
  crash(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, then SIGKILL after graceMs. */
  stop(graceMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function startServerProcess(options: {
  bundle: string;
  port: number;
  env: Record<string, string>;
  logFile: string;
  readyTimeoutMs?: number;
}): ServerProcess;
