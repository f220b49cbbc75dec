import { prepareDataDirTemplate } from './harness.ts';

export default async function setup() {
  await prepareDataDirTemplate();
}
