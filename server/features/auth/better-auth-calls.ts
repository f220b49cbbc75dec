import type { AsyncLocalStorage } from 'node:async_hooks';
import { getCurrentAuthContextAsyncLocalStorage, getCurrentDBAdapterAsyncLocalStorage, getRequestStateAsyncLocalStorage } from '@better-auth/core/context';

/**
 * Runs better-auth calls so that its AsyncLocalStorages are on only while one is in flight. On Node 20, a
 * storage once entered keeps async_hooks' promise tracking on for the whole process: every later request,
 * signed in or not, paid it (measured: the same promise loop 4–5× slower; ~9 % of a signed-in request's
 * CPU, docs/http-speed.md). better-auth runs nothing in the background with our options (its
 * `runInBackgroundOrAwait` awaits without a `backgroundTasks` handler), so when the last call returns no
 * better-auth code is left to read a store; the next call's `run()` switches the storages back on.
 */
interface BetterAuthCalls {
  run<T>(call: () => Promise<T>): Promise<T>;
  /** Calls in flight now (tests). */
  readonly inFlight: number;
}

export async function createBetterAuthCalls(): Promise<BetterAuthCalls> {
  const storages: Array<AsyncLocalStorage<unknown>> = await Promise.all([
    getCurrentAuthContextAsyncLocalStorage(),
    getRequestStateAsyncLocalStorage(),
    getCurrentDBAdapterAsyncLocalStorage(),
  ]);
  let inFlight = 0;
  return {
    get inFlight() {
      return inFlight;
    },
    async run(call) {
      inFlight++;
      try {
        return await call();
      } finally {
        // Synchronous from the check to the last disable: no other call can start in between.
        if (--inFlight === 0) for (const storage of storages) storage.disable();
      }
    },
  };
}
