// Browser tests: builds the app when stale, makes sure Chromium is there, then runs vitest on e2e/.
import { spawnSync } from 'node:child_process';
import { ensureChromium } from './ensure-chromium.mjs';

ensureChromium();
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
run('npm', ['run', 'build']);
run('npx', ['vitest', 'run', '--config', 'vitest.e2e.config.ts', ...process.argv.slice(2)]);
