import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { findAppRoot } from '../lib/app-root.ts';

export interface AppProcessOptions {
  /** Extra environment for server/main.ts (DATABASE_URL, PGLITE_DIR, …); PORT, HOST and LOG_LEVEL are the kit's. */
  env?: Record<string, string>;
  /**
   * The process's clock (ms since the epoch), standing still until `setClock` moves it (app-process-clock.ts).
   * Without it the process reads the wall clock.
   */
  clockMs?: number;
}

export interface AppProcess {
  child: ChildProcess;
  /** Resolves with the port the process reports once it listens; rejects if it exits first. */
  listening: Promise<number>;
  exited: Promise<number | null>;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
  /** Moves the process's clock (only with `clockMs`); resolves once the process has applied it. */
  setClock(ms: number): Promise<void>;
  /** SIGTERM, then resolves with the exit. */
  stop(): Promise<void>;
}

/** What BASE_URL the kit gives a process unless told: the Origin header a test sends must equal it. */
export const appProcessOrigin = 'http://127.0.0.1';

/**
 * The app's own entry (`node --import tsx server/main.ts`) as a child process listening on port 0: the port
 * is the one the process reports in its "listening" log line, so no two tests race for a probed "free" port.
 */
export function spawnAppProcess(options: AppProcessOptions = {}): AppProcess {
  const root = findAppRoot();
  const clocked = options.clockMs !== undefined;
  const args = [...(clocked ? ['--import', join(root, 'server/test/app-process-clock.ts')] : []), 'server/main.ts'];
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: root,
    env: {
      ...process.env,
      BASE_URL: appProcessOrigin,
      ...options.env,
      PORT: '0',
      HOST: '127.0.0.1',
      // The "listening" line (info) carries the port.
      LOG_LEVEL: 'info',
      ...(clocked ? { STOCKPILOT_TEST_CLOCK_MS: String(options.clockMs) } : {}),
    },
    stdio: clocked ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let lineStart = 0;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const listening = new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      output += d;
      for (let end = output.indexOf('\n', lineStart); end >= 0; end = output.indexOf('\n', lineStart)) {
        const line = output.slice(lineStart, end);
        lineStart = end + 1;
        if (!line.includes('listening')) continue;
        try {
          const port = (JSON.parse(line) as { port?: unknown }).port;
          if (typeof port === 'number' && port > 0) resolve(port);
        } catch {}
      }
    });
    void exited.then((code) => reject(new Error(`server/main.ts exited (${code}) before listening:\n${output}`)));
  });
  listening.catch(() => {});
  child.stderr!.on('data', (d) => (output += d));
  return {
    child,
    listening,
    exited,
    output: () => output,
    setClock: (ms) =>
      new Promise<void>((resolve, reject) => {
        if (!clocked) return reject(new Error('this process reads the wall clock (start it with clockMs)'));
        const applied = (m: { clockMs?: number }) => {
          if (m?.clockMs !== ms) return;
          child.off('message', applied);
          resolve();
        };
        child.on('message', applied);
        child.send({ clockMs: ms });
      }),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Starts the process and waits until it listens: `{ url, ...process }`. */
export async function startAppProcess(options: AppProcessOptions = {}) {
  const p = spawnAppProcess(options);
  const port = await p.listening;
  return { ...p, port, url: `http://127.0.0.1:${port}` };
}
