import { ensurePgliteTemplate } from './template.ts';

export default async function setup() {
  await ensurePgliteTemplate();
}
