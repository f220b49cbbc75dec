import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { findAppRoot } from '../../lib/app-root.ts';
import { createTestApp } from '../../test/app.ts';
import { createTestDatabase, describeOnPglite } from '../../test/db.ts';

describeOnPglite('GET /data/quality.md: the data quality report /about links to', (kind) => {
  let db: Database;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    t = await createTestApp(db);
  });
  afterAll(() => db.close());

  it('is served to anyone as markdown, exactly the file data:prepare wrote', async () => {
    const res = await t.app.request('/data/quality.md');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    const body = await res.text();
    expect(body).toBe(readFileSync(join(findAppRoot(), 'data/QUALITY.md'), 'utf8'));
    expect(body).toMatch(/^# Data quality report\n/);
    expect(body).toContain('| prices |');
  });
});
