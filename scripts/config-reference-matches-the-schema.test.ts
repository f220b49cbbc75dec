import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { envDescriptions, envSchema } from '../server/env.ts';
import { configReferencePaths, renderConfigReference } from './config-reference.ts';

const root = join(import.meta.dirname, '..');

describe('the configuration reference is generated from server/env.ts', () => {
  const { markdown, envExample } = renderConfigReference();

  it('docs/configuration.md is what the schema makes (run `npm run config:docs` after changing server/env.ts)', () => {
    expect(readFileSync(join(root, configReferencePaths.markdown), 'utf8')).toBe(markdown);
  });

  it('.env.example is what the schema makes', () => {
    expect(readFileSync(join(root, configReferencePaths.envExample), 'utf8')).toBe(envExample);
  });

  it('lists every variable of the schema once, with its default: PORT 3000, PGLITE_DIR .data/pglite', () => {
    for (const key of Object.keys(envSchema.shape)) {
      expect(markdown.match(new RegExp(`^\\| \`${key}\` \\|`, 'gm'))).toHaveLength(1);
      expect(envExample).toContain(`# ${key}=`);
    }
    expect(Object.keys(envDescriptions).sort()).toEqual(Object.keys(envSchema.shape).sort());
    expect(markdown).toContain('| `PORT` | integer 0…65535 | `3000` |');
    expect(envExample).toContain('# PGLITE_DIR=.data/pglite');
    expect(markdown).toContain('| `TRUST_PROXY` | `true` / `false` | `false` |');
  });
});
