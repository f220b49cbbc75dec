// System tools the tests drive: Debian's Chromium (never a downloaded browser) and poppler-utils' pdftotext
// (the export tests read the analysis PDFs' text). Installed with apt when missing and we are root.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

function ensureDebianPackage(path, pkg) {
  if (existsSync(path)) return path;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(`${path} not found. Install Debian's package: sudo apt-get install -y ${pkg}`);
    process.exit(1);
  }
  console.log(`Installing Debian ${pkg} for the tests…`);
  for (const args of [['update'], ['install', '-y', pkg]]) {
    const r = spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  return path;
}

export const ensureChromium = (path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium') => ensureDebianPackage(path, 'chromium');
export const ensurePdftotext = () => ensureDebianPackage('/usr/bin/pdftotext', 'poppler-utils');
