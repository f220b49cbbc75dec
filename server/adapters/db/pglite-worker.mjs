// @ts-check
// The PGlite engine on its own thread. Opening PGlite is ~0.3 s of synchronous wasm work; on the main
// thread it could not overlap with loading the app's modules. Plain JavaScript so that the same file runs
// from source (tests) and from dist/ (the build copies it next to the server bundle).
// Protocol (one message at a time per id, answered in order):
//   in:  { id, kind: 'query', sql, params, rowMode, rawTypes } | { id, kind: 'exec', sql } | { id, kind: 'close' }
//   out: { kind: 'ready' } | { kind: 'failed', error } | { id, ok: true, result } | { id, ok: false, error }
import { setFlagsFromString } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';

// V8's optimising wasm tier compiles PGlite's module in the background and, measured on a 2-core machine,
// keeps this thread from answering for ~80 ms after the open. The baseline tier alone opens ~20% sooner and
// runs the app's small statements as fast (~8k inserts/s either way); big scans run ~1.7x slower, which
// is the trade for an embedded default (production runs PostgreSQL). Process-wide, but only PGlite is wasm.
setFlagsFromString('--liftoff-only');
const { PGlite, types } = await import('@electric-sql/pglite');

const port = parentPort;
if (!port) throw new Error('pglite-worker.mjs runs as a worker thread');

/** @param {unknown} e */
function serializeError(e) {
  if (!(e instanceof Error)) return { name: 'Error', message: String(e) };
  /** @type {Record<string, string | number | boolean>} */
  const props = {};
  for (const [k, v] of Object.entries(e)) if (['string', 'number', 'boolean'].includes(typeof v)) props[k] = v;
  return { ...props, name: e.name, message: e.message };
}

const toNumber = (/** @type {string} */ v) => Number(v);
const keepRaw = (/** @type {string} */ v) => v;
const { dataDir, numberTypes = [types.NUMERIC, types.INT8] } = workerData ?? {};

let db;
try {
  db = await PGlite.create({ dataDir, parsers: Object.fromEntries(numberTypes.map((/** @type {number} */ t) => [t, toNumber])) });
  port.postMessage({ kind: 'ready' });
} catch (e) {
  port.postMessage({ kind: 'failed', error: serializeError(e) });
  port.close();
}

if (db) {
  const pglite = db;
  port.on('message', async (msg) => {
    try {
      if (msg.kind === 'query') {
        // Types the caller parses itself arrive as PostgreSQL's text; parser functions cannot cross threads.
        const parsers = Object.fromEntries((msg.rawTypes ?? []).map((/** @type {number} */ t) => [t, keepRaw]));
        const result = await pglite.query(msg.sql, msg.params, { rowMode: msg.rowMode, parsers });
        port.postMessage({ id: msg.id, ok: true, result: { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows } });
      } else if (msg.kind === 'exec') {
        const results = await pglite.exec(msg.sql);
        port.postMessage({ id: msg.id, ok: true, result: results.map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows })) });
      } else if (msg.kind === 'close') {
        await pglite.close();
        port.postMessage({ id: msg.id, ok: true, result: null });
        port.close();
      }
    } catch (e) {
      port.postMessage({ id: msg.id, ok: false, error: serializeError(e) });
    }
  });
}
