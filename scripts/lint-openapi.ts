/**
 * `npm run lint` step: writes the document the app publishes at /api/openapi.json (the real app on an
 * in-memory database, every feature wired) and runs Redocly's recommended rules over it (redocly.yaml).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp } from '../server/test/app.ts';
import { createTestDatabase } from '../server/test/db.ts';
import { ensurePgliteTemplate } from '../server/test/template.ts';

await ensurePgliteTemplate();
const db = await createTestDatabase('pglite');
const t = await createTestApp(db);
const res = await t.app.request('/api/openapi.json');
const file = join(process.cwd(), 'node_modules/.cache/stockpilot/openapi.json');
mkdirSync(join(file, '..'), { recursive: true });
writeFileSync(file, JSON.stringify(await res.json(), null, 2));
await db.close();
const lint = spawnSync('npx', ['redocly', 'lint', file, '--format', 'codeframe'], {
  stdio: 'inherit',
  env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
});
process.exit(lint.status ?? 1);
