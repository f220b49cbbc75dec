import type { Result, Router } from 'hono/router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';

/**
 * Hono's default router, remembering its answer per method and path. The app's routes need the trie router
 * (the regexp router cannot hold `POST /api/analyses/stream` beside `POST /api/analyses/{id}/shares`), and the
 * trie walks every middleware and route segment on each request; a hot path is matched once instead. The
 * answer for a path never changes once routes are in, and Hono only reads it (the regexp router shares its
 * answers the same way). At `maxEntries` the memory starts over, so unbounded distinct paths (scanners, every
 * symbol) cost a re-match, not memory; paths longer than MAX_REMEMBERED_PATH are never remembered.
 */
/** Longer paths are matched every time: a real route's path is far shorter, and 4096 long keys would be megabytes. */
export const MAX_REMEMBERED_PATH = 256;

export class MemoRouter<T> implements Router<T> {
  readonly name = 'MemoRouter';
  readonly #inner: Router<T>;
  readonly #maxEntries: number;
  readonly #memo = new Map<string, Result<T>>();

  constructor(inner: Router<T> = new SmartRouter<T>({ routers: [new RegExpRouter(), new TrieRouter()] }), maxEntries = 4096) {
    this.#inner = inner;
    this.#maxEntries = maxEntries;
  }

  add(method: string, path: string, handler: T): void {
    this.#memo.clear();
    this.#inner.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    const key = `${method} ${path}`;
    const known = this.#memo.get(key);
    if (known) return known;
    const result = this.#inner.match(method, path);
    if (path.length > MAX_REMEMBERED_PATH) return result;
    if (this.#memo.size >= this.#maxEntries) this.#memo.clear();
    this.#memo.set(key, result);
    return result;
  }

  /** Entries remembered now (tests). */
  get size(): number {
    return this.#memo.size;
  }
}
