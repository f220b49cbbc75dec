// `npm start`: builds what is missing or stale, then runs the bundled server on the embedded defaults.
import { spawn, spawnSync } from 'node:child_process';
import { constants } from 'node:os';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const newest = (dir) => {
  let t = 0;
  if (!existsSync(dir)) return t;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
};
const builtAt = (f) => (existsSync(f) ? statSync(f).mtimeMs : 0);
// The build script and the market snapshot count too: dist/ carries a copy of data/ (scripts/build-server.mjs).
const sources = Math.max(newest('core'), newest('server'), newest('web'), newest('data'), builtAt('package-lock.json'), builtAt('scripts/build-server.mjs'));
const built = Math.min(builtAt('dist/web/index.html'), builtAt('dist/server/main.js'), builtAt('dist/data/prices.json.gz'));

if (built < sources) {
  console.log('Building Stockpilot (web app and server)…');
  const r = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
if (process.env.STOCKPILOT_BUILD_ONLY) process.exit(0);
const { flags } = JSON.parse(readFileSync(new URL('./server-node-flags.json', import.meta.url), 'utf8'));
// The server runs as a child (it needs its own node flags): a SIGTERM or SIGINT sent to `npm start` (a container
// stop, Ctrl-C, a process manager) goes on to it, and this process exits with it — never leaving it listening.
const server = spawn(process.execPath, [...flags, 'dist/server/main.js'], { stdio: 'inherit' });
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + (constants.signals[signal] ?? 0) : 1)));
