import { describe, expect, it } from 'vitest';
import { findViolations } from './check-boundaries.ts';

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
  it('lets web import types, and only types, from the server route contracts', () => {
    const contract = '../../../../../server/features/tokens/tokens.routes.ts';
    const ok = findViolations([
      {
        path: 'web/src/features/tokens/api/get-token-costs.ts',
        text: `import type { TokenCostsResponse } from '${contract}';\nexport type { Tier } from '${contract}';`,
      },
    ]);
    expect(ok).toEqual([]);
    const v = findViolations([
      { path: 'web/src/features/tokens/api/a.ts', text: `import { getTokensRoute } from '${contract}';` },
      { path: 'web/src/features/tokens/api/b.ts', text: `import { type Tier } from '${contract}';` },
      { path: 'web/src/features/tokens/api/c.ts', text: "import type { LedgerService } from '../../../../../server/features/tokens/ledger-types.ts';" },
      { path: 'web/src/lib/d.ts', text: "const m = import('../../../server/env.ts');" },
    ]);
    expect(v).toHaveLength(4);
    expect(v[0]).toContain('with `import type`');
    expect(v[1]).toContain('with `import type`');
    expect(v[2]).toContain('only the route contracts');
    expect(v[3]).toContain('only the route contracts');
  });
});
