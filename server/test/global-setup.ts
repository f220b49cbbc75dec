import { ensurePgliteTemplate, ensurePostgresTemplate } from './template.ts';

/** The migrated templates every test database is copied from, built before the workers start. */
export default async function setup() {
  await Promise.all([ensurePgliteTemplate(), process.env.TEST_DATABASE_URL ? ensurePostgresTemplate(process.env.TEST_DATABASE_URL) : undefined]);
}
