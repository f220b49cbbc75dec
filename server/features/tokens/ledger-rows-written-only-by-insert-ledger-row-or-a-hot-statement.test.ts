import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';
import { findAppRoot } from '../../lib/app-root.ts';
import { holdStatement, insertLedgerRow, settleStatements } from './tokens-statements-store.ts';

const root = findAppRoot();

function listSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return listSources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

it('the app writes ledger rows in three places: the hold statement, the settle statement and insertLedgerRow', () => {
  const writers = [...listSources(join(root, 'server')), ...listSources(join(root, 'core'))].flatMap((path) => {
    const text = readFileSync(path, 'utf8');
    const count = text.match(/INSERT INTO token_ledger\b/gi)?.length ?? 0;
    return count ? [{ file: relative(root, path), count }] : [];
  });
  expect(writers).toEqual([{ file: join('server', 'features', 'tokens', 'tokens-statements-store.ts'), count: 3 }]);
  // Two of the three are the hot statements' (they keep the INSERT inside their one statement); the third is insertLedgerRow.
  expect(holdStatement.text).toMatch(/INSERT INTO token_ledger\b/);
  for (const settle of Object.values(settleStatements)) expect(settle.text).toMatch(/INSERT INTO token_ledger\b/);
  expect(insertLedgerRow.toString()).toMatch(/INSERT INTO token_ledger\b/);
});
