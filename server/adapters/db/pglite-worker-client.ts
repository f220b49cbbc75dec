import { existsSync, mkdirSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { PGlite, Results } from '@electric-sql/pglite';
import { acquireDirLock } from './dir-lock.ts';
import type { Database } from './types.ts';

type ParserMap = Record<number, (value: string, typeId: number) => unknown>;
interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: ParserMap;
}
interface Reply {
  id?: number;
  kind?: 'ready' | 'failed';
  ok?: boolean;
  result?: unknown;
  error?: Record<string, unknown> & { message: string; name: string };
}

/** Rebuilds a driver error from the worker, keeping `code`, `constraint`, `detail`… for callers that inspect them. */
function toError(e: Reply['error']): Error {
  const { message = 'database error', name = 'Error', ...props } = e ?? {};
  return Object.assign(new Error(message), props, { name });
}

function workerEntryUrl(): URL {
  // Source: next to this file. Bundle: this code sits in dist/server/chunks/, the entry in dist/server/.
  const here = new URL('./pglite-worker.mjs', import.meta.url);
  return existsSync(here) ? here : new URL('../pglite-worker.mjs', import.meta.url);
}

interface TransactionClient {
  closed: boolean;
  query<R>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<R>>;
  exec(sql: string): Promise<Results[]>;
}

/**
 * A PGlite stand-in for drizzle's PGlite driver whose engine runs on a worker thread.
 *
 * Concurrency contract (the same as PGlite's own): one FIFO queue whose units are a statement issued
 * outside a transaction and a whole transaction (BEGIN … COMMIT/ROLLBACK). A unit starts only when the one
 * before it has settled, so a statement never lands between someone else's BEGIN and COMMIT.
 */
class WorkerPglite {
  closed = false;
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  #nextId = 1;
  /** Settles when the last queued unit has settled; the next unit starts after it. */
  #tail: Promise<unknown> = Promise.resolve();
  #failure: Error | null = null;
  #closing = false;
  #closeRun: Promise<void> | null = null;
  readonly #onFailure: (e: Error) => void;

  constructor(worker: Worker, onFailure: (e: Error) => void) {
    this.#worker = worker;
    this.#onFailure = onFailure;
    worker.on('message', (msg: Reply) => {
      const waiter = msg.id === undefined ? undefined : this.#pending.get(msg.id);
      if (!waiter) return;
      this.#pending.delete(msg.id!);
      if (msg.ok) waiter.resolve(msg.result);
      else waiter.reject(toError(msg.error));
    });
    worker.on('error', (e) => this.#fail(e));
    worker.on('exit', (code) => this.#fail(new Error(`The database worker exited (code ${code}).`)));
  }

  #fail(e: Error) {
    if (this.closed || this.#closing) return;
    this.closed = true;
    this.#failure = e;
    for (const w of this.#pending.values()) w.reject(e);
    this.#pending.clear();
    this.#onFailure(e);
  }

  #send<T>(msg: Record<string, unknown>): Promise<T> {
    if (this.#failure) return Promise.reject(this.#failure);
    if (this.closed || (this.#closing && msg.kind !== 'close')) return Promise.reject(new Error('The database is closed.'));
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      try {
        this.#worker.postMessage({ ...msg, id });
      } catch (e) {
        // A parameter that cannot cross threads (a function, say): this statement fails, the engine is fine.
        this.#pending.delete(id);
        reject(e);
      }
    });
  }

  /** Runs `unit` once every unit queued before it has settled, whatever their outcome. */
  #enqueue<T>(unit: () => Promise<T>): Promise<T> {
    const run = this.#tail.then(unit);
    this.#tail = run.catch(() => {});
    return run;
  }

  async #runQuery<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results<T>> {
    const parsers = options.parsers ?? {};
    const rawTypes = Object.keys(parsers).map(Number);
    const result = await this.#send<Results<T>>({ kind: 'query', sql, params, rowMode: options.rowMode ?? 'object', rawTypes });
    if (rawTypes.length) applyParsers(result as Results<unknown>, parsers, options.rowMode ?? 'object');
    return result;
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#enqueue(() => this.#runQuery<T>(sql, params, options));
  }

  exec(sql: string): Promise<Results[]> {
    return this.#enqueue(() => this.#send<Results[]>({ kind: 'exec', sql }));
  }

  transaction<T>(fn: (tx: TransactionClient) => Promise<T>): Promise<T> {
    return this.#enqueue(() => this.#runTransaction(fn));
  }

  async #runTransaction<T>(fn: (tx: TransactionClient) => Promise<T>): Promise<T> {
    // A statement on a transaction that has ended would otherwise run outside any transaction.
    const ended = () => Promise.reject(new Error('This transaction has already ended.'));
    const tx: TransactionClient = {
      closed: false,
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => (tx.closed ? ended() : this.#runQuery<R>(sql, params, options)),
      exec: (sql: string) => (tx.closed ? ended() : this.#send<Results[]>({ kind: 'exec', sql })),
    };
    try {
      await this.#send({ kind: 'exec', sql: 'BEGIN' });
      try {
        const result = await fn(tx);
        await this.#send({ kind: 'exec', sql: 'COMMIT' });
        return result;
      } catch (e) {
        if (!this.#failure) await this.#send({ kind: 'exec', sql: 'ROLLBACK' });
        throw e;
      }
    } finally {
      tx.closed = true;
    }
  }

  /** Stops the thread at once, mid-statement if need be: what a crash of the engine looks like to callers. */
  async abort(): Promise<void> {
    await this.#worker.terminate();
  }

  /** Closes after every unit queued so far; units queued later are refused. */
  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.#closeRun ??= this.#enqueue(async () => {
      this.#closing = true;
      await this.#send({ kind: 'close' });
      this.closed = true;
      await this.#worker.terminate();
    });
    return this.#closeRun;
  }
}

function applyParsers(result: Results<unknown>, parsers: ParserMap, rowMode: 'array' | 'object') {
  result.fields.forEach((field, i) => {
    const parse = parsers[field.dataTypeID];
    if (!parse) return;
    for (const row of result.rows as Record<string | number, unknown>[]) {
      const key = rowMode === 'array' ? i : field.name;
      const v = row[key];
      if (typeof v === 'string') row[key] = parse(v, field.dataTypeID);
    }
  });
}

/**
 * Opens a file-backed PGlite database on a worker thread, so that the ~0.3 s of synchronous wasm work in
 * opening it runs beside, not before, the app's module loading. The thread starts before this returns;
 * drizzle's driver loads meanwhile. `onFailure` hears if the engine's thread dies later (every pending
 * and later statement then fails).
 */
export async function openPgliteOnWorker(dir: string, onFailure?: (e: Error) => void): Promise<Database> {
  const opening = openPgliteWorkerClient(dir, onFailure);
  const [{ wrapPglite }, { client, release }] = await Promise.all([import('./pglite.ts'), opening]);
  return wrapPglite(client, release);
}

/** The thread and its client: resolves once the engine is open; the client is what drizzle's PGlite driver expects. */
async function openPgliteWorkerClient(dir: string, onFailure: (e: Error) => void = () => {}): Promise<{ client: PGlite; release: () => void }> {
  mkdirSync(dir, { recursive: true });
  const release = acquireDirLock(dir);
  let worker: Worker | undefined;
  try {
    worker = new Worker(workerEntryUrl(), { workerData: { dataDir: dir } });
    const w = worker;
    await new Promise<void>((resolve, reject) => {
      const onExit = (code: number) => reject(new Error(`The database worker exited while opening ${dir} (code ${code}).`));
      w.once('error', reject);
      w.once('exit', onExit);
      w.once('message', (msg: Reply) => {
        w.off('error', reject);
        w.off('exit', onExit);
        if (msg.kind === 'ready') resolve();
        else {
          const cause = toError(msg.error);
          reject(
            new Error(
              `Could not open the PGlite database in ${dir}: ${cause.message}. If the directory holds nothing you need, ` +
                'remove it (a new database is created on start), or set PGLITE_DIR to another directory.',
              { cause },
            ),
          );
        }
      });
    });
    return { client: new WorkerPglite(w, onFailure) as unknown as PGlite, release };
  } catch (e) {
    await worker?.terminate();
    release();
    throw e;
  }
}
