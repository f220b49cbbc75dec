// Debian's Chromium drives the browser tests; never a downloaded browser. Installed with apt when missing and we are root.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export function ensureChromium(path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium') {
  if (existsSync(path)) return path;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(`Chromium not found at ${path}. Install Debian's package: sudo apt-get install -y chromium`);
    process.exit(1);
  }
  console.log('Installing Debian chromium for the browser tests…');
  for (const args of [['update'], ['install', '-y', 'chromium']]) {
    const r = spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  return path;
}
