import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const root = join(import.meta.dirname, '..', '..');
const templateDir = join(root, 'node_modules/.cache/stockpilot/e2e-pglite-template');

export async function getFreePort(): Promise<number> {
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

/**
 * Starts the BUILT app (`dist/`, see `npm run build`) as `npm start` would, on a free port and its own
 * PGlite directory (copied from a migrated template when one exists, so start-up skips initdb).
 */
export async function startApp(options: { env?: Record<string, string>; freshDataDir?: boolean } = {}): Promise<RunningApp> {
  if (!existsSync(join(root, 'dist/server/main.js'))) throw new Error('dist/server/main.js missing: run `npm run build` first');
  const port = await getFreePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'sp-e2e-'));
  if (!options.freshDataDir && existsSync(templateDir)) cpSync(templateDir, dataDir, { recursive: true });
  const baseUrl = `http://localhost:${port}`;
  let out = '';
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', BASE_URL: baseUrl, PGLITE_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const deadline = Date.now() + 60_000;
  while (true) {
    if (child.exitCode !== null) throw new Error(`app exited early (${child.exitCode}):\n${out}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {}
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`app did not become healthy within 60 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    port,
    dataDir,
    process: child,
    output: () => out,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Builds the migrated PGlite template once per run (called from the e2e global setup). */
export async function prepareDataDirTemplate(): Promise<void> {
  rmSync(templateDir, { recursive: true, force: true });
  const app = await startApp({ freshDataDir: true });
  const dir = app.dataDir;
  const exited = new Promise((r) => app.process.once('exit', r));
  app.process.kill('SIGTERM');
  await exited;
  rmSync(join(dir, 'stockpilot.lock'), { force: true });
  cpSync(dir, templateDir, { recursive: true });
  rmSync(dir, { recursive: true, force: true });
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
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
  });
}

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

/** Saves a screenshot under e2e/screenshots/ (git-ignored) for a human to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(root, 'e2e/screenshots', `${name}.png`), fullPage: true });
}

/**
 * The usual suite set-up: the built app and Chromium started once for the file, stopped after it.
 * `t.open(viewport?)` gives a new isolated page on the app.
 */
export function useAppInBrowser(options: Parameters<typeof startApp>[0] = {}) {
  const t = {
    app: undefined as unknown as RunningApp,
    browser: undefined as unknown as Browser,
    open: (viewport?: { width: number; height: number }) => openPage(t.browser, t.app.baseUrl, viewport),
  };
  beforeAll(async () => {
    [t.app, t.browser] = await Promise.all([startApp(options), launchBrowser()]);
  });
  afterAll(async () => {
    await t.browser?.close();
    await t.app?.stop();
  });
  return t;
}

/** Elements reaching past the right edge of the viewport (none: no sideways scrolling), named for a failure message; wide tables scroll inside `.overflow-x-auto`. */
export const findOverflowing = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1 && !el.closest('.overflow-x-auto'))
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`),
  );
