import type { AsyncLocalStorage } from 'node:async_hooks';
import { getCurrentAuthContextAsyncLocalStorage, getCurrentDBAdapterAsyncLocalStorage, getRequestStateAsyncLocalStorage } from '@better-auth/core/context';

/**
 * Runs better-auth calls so that its AsyncLocalStorages are on only while one is in flight. On Node 20, a
 * storage once entered keeps async_hooks' promise tracking on for the whole process: every later request,
 * signed in or not, paid it (measured: the same promise loop 4–5× slower; ~9 % of a signed-in request's
 * CPU, docs/http-speed.md). better-auth runs nothing in the background with our options (its
 * `runInBackgroundOrAwait` awaits without a `backgroundTasks` handler), so when the last call returns no
 * better-auth code is left to read a store; the next call's `run()` switches the storages back on.
 *
 * Which Node versions need it: every storage built on async_hooks, i.e. Node 20 and 22 by default (measured on
 * 20.20 and 22.23, one run each: a million awaits 67 → 187 ms and 79 → 250 ms once a storage ran, back to 77 and
 * 64 ms after `disable()`). Node 24 builds AsyncLocalStorage on AsyncContextFrame (24.21: 104 → 95 ms, nothing to
 * switch off), as does 22 with `--experimental-async-context-frame`; 24 with `--no-async-context-frame` goes back
 * to async_hooks. So the check is on the storage, not the version number: only the async_hooks-based class has
 * an `enabled` field (true on 20, 22 and 24 with that flag; absent on AsyncContextFrame), and only those are disabled.
 */
const tracksPromises = (storage: AsyncLocalStorage<unknown>) => 'enabled' in storage;

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
  // AsyncContextFrame storages are left alone: they cost other promises nothing, so disabling them gains nothing.
  const switchable = storages.filter(tracksPromises);
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
        if (--inFlight === 0) for (const storage of switchable) storage.disable();
      }
    },
  };
}
