// Browser tests: makes sure Debian's Chromium is there, builds the app, then runs Playwright on e2e/.
// Arguments go to `playwright test`: `npm run test:e2e -- e2e/content-pages.e2e.ts -g "contact"`.
import { spawnSync } from 'node:child_process';
import { ensureChromium } from './ensure-chromium.mjs';

ensureChromium();
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
run('npm', ['run', 'build']);
run('npx', ['playwright', 'test', ...process.argv.slice(2)]);
