// Source runs only (tests, `npm run dev`): a worker thread does not inherit the TypeScript loader, so it
// registers tsx before importing the TypeScript entry. The built server starts its bundled entry directly.
import { workerData } from 'node:worker_threads';

const { register } = await import('tsx/esm/api');
register();
await import(workerData.entry);
