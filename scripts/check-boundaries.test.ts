import { describe, expect, it } from 'vitest';
import { findAnatomyViolations, findViolations } from './check-boundaries.ts';

describe('architecture boundaries', () => {
  it('flags a package import and I/O in core/', () => {
    const v = findViolations([{ path: 'core/x.ts', text: "import fs from 'node:fs';\nexport const y = () => fetch('/a');" }]);
    expect(v).toHaveLength(2);
    expect(v[0]).toContain('node:fs');
    expect(v[1]).toContain('fetch(');
  });
  it('accepts relative imports inside core/', () => {
    expect(findViolations([{ path: 'core/dcf/dcf.ts', text: "import { a } from '../math/round.ts';" }])).toEqual([]);
  });
  it('lets core/text/csv.ts, and no other core file, import its CSV parser', () => {
    expect(findViolations([{ path: 'core/text/csv.ts', text: "import Papa from 'papaparse';" }])).toEqual([]);
    expect(findViolations([{ path: 'core/portfolio/holdings-input.ts', text: "import Papa from 'papaparse';" }])).toHaveLength(1);
    expect(findViolations([{ path: 'core/text/csv.ts', text: "import fs from 'node:fs';" }])).toHaveLength(1);
  });
  it('lets tests of core/ import the test runner', () => {
    expect(findViolations([{ path: 'core/tokens/money.test.ts', text: "import { it } from 'vitest';" }])).toEqual([]);
  });
  it('flags an import from core/ into server/', () => {
    expect(findViolations([{ path: 'core/a.ts', text: "import { x } from '../server/env.ts';" }])).toHaveLength(1);
  });
  it('flags a web feature importing another web feature', () => {
    const v = findViolations([{ path: 'web/src/features/billing/a.tsx', text: "import { useAuth } from '../auth/index.ts';" }]);
    expect(v[0]).toContain('must not import feature "auth"');
  });
  it('flags adapters importing features and server features reaching into other features', () => {
    const v = findViolations([
      { path: 'server/adapters/payments/x.ts', text: "import { y } from '../../features/billing/service.ts';" },
      { path: 'server/features/billing/a.ts', text: "import { l } from '../tokens/ledger-service.ts';\nimport type { T } from '../tokens/index.ts';" },
    ]);
    expect(v).toHaveLength(2);
    expect(v[1]).toContain('only through its index.ts');
  });
  it('allows process.env only in server/env.ts', () => {
    const v = findViolations([
      { path: 'server/env.ts', text: 'process.env.PORT' },
      { path: 'server/main.ts', text: 'process.env.PORT' },
    ]);
    expect(v).toEqual(['server/main.ts: only server/env.ts reads process.env']);
  });
  it('lets web import types, and only types, from the server route contracts and the error codes', () => {
    const contract = '../../../../../server/features/tokens/tokens.routes.ts';
    const ok = findViolations([
      {
        path: 'web/src/features/tokens/api/get-token-costs.ts',
        text: `import type { TokenCostsResponse } from '${contract}';\nexport type { Tier } from '${contract}';`,
      },
      { path: 'web/src/lib/api.ts', text: "import type { ErrorCode } from '../../../server/lib/errors.ts';" },
    ]);
    expect(ok).toEqual([]);
    const v = findViolations([
      { path: 'web/src/features/tokens/api/a.ts', text: `import { getTokensRoute } from '${contract}';` },
      { path: 'web/src/features/tokens/api/b.ts', text: `import { type Tier } from '${contract}';` },
      { path: 'web/src/features/tokens/api/c.ts', text: "import type { LedgerService } from '../../../../../server/features/tokens/ledger-types.ts';" },
      { path: 'web/src/lib/d.ts', text: "const m = import('../../../server/env.ts');" },
      { path: 'web/src/lib/e.ts', text: "import { errorStatus } from '../../../server/lib/errors.ts';" },
    ]);
    expect(v).toHaveLength(5);
    expect(v[0]).toContain('with `import type`');
    expect(v[1]).toContain('with `import type`');
    expect(v[2]).toContain('only the route contracts');
    expect(v[3]).toContain('only the route contracts');
    expect(v[4]).toContain('with `import type`');
  });
});

describe('feature anatomy', () => {
  const wellFormed = [
    {
      path: 'server/features/notes/index.ts',
      text: "import { createNotesService } from './notes-service.ts';\nexport function createNotesFeature(ctx) { return {}; }",
    },
    { path: 'server/features/notes/notes.routes.ts', text: 'export const listNotesRoute = {};' },
    {
      path: 'server/features/notes/notes.handlers.ts',
      text: "import type { NotesService } from './notes-service.ts';\nexport function createNotesHandlers(service: NotesService) {}",
    },
    {
      path: 'server/features/notes/notes-service.ts',
      text: 'export function createNotesService(deps) { return {}; }\nexport type NotesService = ReturnType<typeof createNotesService>;',
    },
    { path: 'server/features/notes/notes-store.ts', text: 'export const listNotes = (db) => db.query(sql`SELECT 1`);' },
    { path: 'server/features/notes/notes-jobs.ts', text: "import { createIntervalJob } from '../../lib/jobs.ts';" },
  ];
  it('accepts the six files of one feature', () => {
    expect(findAnatomyViolations(wellFormed, [])).toEqual([]);
  });
  it('flags SQL outside a store, logic in index.ts, a timer of its own and a handler reaching the store', () => {
    const v = findAnatomyViolations(
      [
        ...wellFormed.filter((f) => !/index|handlers|jobs/.test(f.path)),
        { path: 'server/features/notes/index.ts', text: 'export function createNotesFeature() {}\nfunction bindNotes() {}' },
        { path: 'server/features/notes/notes.handlers.ts', text: "import { listNotes } from './notes-store.ts';\nexport function createNotesHandlers(s) {}" },
        { path: 'server/features/notes/notes-jobs.ts', text: 'setInterval(tick, 1000);' },
        { path: 'server/features/notes/rules.ts', text: 'const r = await db.query(sql`SELECT 1`);' },
      ],
      [],
    );
    expect(v).toEqual([
      'server/features/notes/index.ts: index.ts only wires; move function bindNotes to the service, store or jobs',
      'server/features/notes/notes.handlers.ts: handlers call the service, never the store',
      'server/features/notes/notes-jobs.ts: scheduled work lives in notes-jobs.ts on createIntervalJob (server/lib/jobs.ts), not its own timer',
      'server/features/notes/rules.ts: SQL lives only in *-store.ts files',
    ]);
  });
  it('flags a missing service, misnamed files and a test kit beside production code', () => {
    const v = findAnatomyViolations(
      [
        wellFormed[0]!,
        { path: 'server/features/notes/note.routes.ts', text: '' },
        { path: 'server/features/notes/notes.handlers.ts', text: 'export function createNotesHandlers(s) {}' },
        { path: 'server/features/notes/notes-test-kit.ts', text: '' },
      ],
      [],
    );
    expect(v).toContain(
      'server/features/notes/notes-test-kit.ts: test kits and child-process scripts of tests live in server/test/ or core/test-kit/, not beside production code',
    );
    expect(v).toContain('server/features/notes: handlers without notes-service.ts');
    expect(v).toContain('server/features/notes/note.routes.ts: the contract and handlers are named notes.routes.ts / notes.handlers.ts');
  });
  it("does not take a handler reading the URL's query string (c.req.query) for SQL", () => {
    const v = findAnatomyViolations(
      [
        ...wellFormed.filter((f) => !/handlers/.test(f.path)),
        {
          path: 'server/features/notes/notes.handlers.ts',
          text: "export function createNotesHandlers(s) { return (c) => s.list(c.req.query('page'), c.req.query()); }",
        },
        { path: 'server/features/notes/rules.ts', text: 'const r = await tx.query(sql`SELECT 1`);\nconst q = db.query(statement);' },
      ],
      [],
    );
    expect(v).toEqual(['server/features/notes/rules.ts: SQL lives only in *-store.ts files']);
  });
  it('skips a feature still on the pending list', () => {
    expect(findAnatomyViolations([{ path: 'server/features/notes/rules.ts', text: 'db.query(sql`SELECT 1`)' }], ['notes'])).toEqual([]);
  });
});
