import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, LaunchOptions, Page } from '@playwright/test';
import { chromium } from 'playwright-core';

const root = join(import.meta.dirname, '..', '..');
const templateDir = join(root, 'node_modules/.cache/stockpilot/e2e-pglite-template-pw');

/** A port the kernel just handed out; the app may still lose it to another process, which `startApp` detects. */
function probeFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface RunningApp {
  baseUrl: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  /** Everything the server printed, for debugging a failed test. */
  output: () => string;
  stop(): Promise<void>;
}

class PortTakenError extends Error {}

/**
 * Starts the BUILT app (`dist/`, see `npm run build`) as `npm start` would, on its own PGlite directory
 * (copied from a migrated template when one exists, so start-up skips initdb).
 *
 * The app must know its BASE_URL before it listens (auth, the origin check and e-mailed links use it), so
 * it cannot listen on port 0. It gets a port the kernel just handed out, and the app is trusted only once
 * it has itself reported listening on that port (its "listening" log line): a health check could be
 * answered by whoever took the port first. If the port was taken meanwhile (EADDRINUSE), a new one is tried.
 */
export async function startApp(options: { env?: Record<string, string>; freshDataDir?: boolean } = {}): Promise<RunningApp> {
  if (!existsSync(join(root, 'dist/server/main.js'))) throw new Error('dist/server/main.js missing: run `npm run build` first');
  for (let attempt = 1; ; attempt++) {
    try {
      return await startAppOnce(options);
    } catch (e) {
      if (!(e instanceof PortTakenError) || attempt === 5) throw e;
    }
  }
}

async function startAppOnce(options: { env?: Record<string, string>; freshDataDir?: boolean }): Promise<RunningApp> {
  const port = await probeFreePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'sp-e2e-'));
  if (!options.freshDataDir && existsSync(templateDir)) cpSync(templateDir, dataDir, { recursive: true });
  const baseUrl = `http://localhost:${port}`;
  let out = '';
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    // LOG_LEVEL info: the "listening" line is the app's own report of its port (the app logs no requests at info).
    // RISK_FREE_INGEST off: a browser test never reaches the Treasury (a new rate mid-run would move every DCF figure).
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: baseUrl,
      PGLITE_DIR: dataDir,
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      RISK_FREE_INGEST: 'false',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const listening = new Promise<void>((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d;
      if (out.split('\n').some((l) => l.includes('Stockpilot listening') && l.includes(`"port":${port},`))) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      reject(out.includes('EADDRINUSE') ? new PortTakenError(`port ${port} taken`) : new Error(`app exited early (${code}):\n${out}`));
    });
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`app did not report listening within 120 s:\n${out}`)), 120_000);
  });
  try {
    await Promise.race([listening, timeout]);
  } catch (e) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw e;
  } finally {
    clearTimeout(timer);
  }
  const res = await fetch(`${baseUrl}/api/health`);
  if (!res.ok) throw new Error(`app answered ${res.status} on /api/health:\n${out}`);
  return {
    baseUrl,
    port,
    dataDir,
    process: child,
    output: () => out,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Builds the migrated PGlite template once per run (called from the e2e global setup). */
export async function prepareDataDirTemplate(): Promise<void> {
  rmSync(templateDir, { recursive: true, force: true });
  const app = await startApp({ freshDataDir: true });
  const exited = new Promise((r) => app.process.once('exit', r));
  app.process.kill('SIGTERM');
  await exited;
  rmSync(join(app.dataDir, 'stockpilot.lock'), { force: true });
  cpSync(app.dataDir, templateDir, { recursive: true });
  rmSync(app.dataDir, { recursive: true, force: true });
}

/** Debian's Chromium (never a downloaded browser), as playwright.config.ts launches it for the tests. */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
} satisfies LaunchOptions;

/** Chromium outside the test runner (the browser benchmarks in bench/). */
export const launchBrowser = (): Promise<Browser> => chromium.launch(chromiumLaunchOptions);

export interface TrackedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
}

/** A new isolated browser context (own cookies) with console-error tracking. */
export async function openPage(browser: Browser, baseUrl: string, viewport = { width: 1280, height: 800 }): Promise<TrackedPage> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return { page, context, errors };
}

/** Saves a screenshot under e2e/screenshots/ (git-ignored) for a human to look at; the README's images come from here. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(root, 'e2e/screenshots', `${name}.png`), fullPage: true });
}
