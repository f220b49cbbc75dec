import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database } from '../adapters/db/index.ts';
import { createSeededRandom } from '../../core/test-kit/seeded-random.ts';

/**
 * A deterministic scheduler for concurrent database work in tests: the interleaving of concurrent
 * operations is decided by a seed, not by the event loop or the database's timing, so a failing seed
 * replays the same interleaving.
 *
 * Each operation runs as a task. A task's database steps (one statement, or one whole transaction, on
 * the handle `wrap` returns) wait at a gate. The scheduler releases one gate at a time, and only once
 * every task is either waiting at its next gate or finished: the set of tasks to choose from then depends
 * on the program alone, and the seeded choice among them decides the order. One step runs at a time, so
 * no step ever waits on another's lock (a transaction is one step: it runs whole, as it would under its
 * row lock). Work outside a task (arranging, reading the result) passes through the gates untouched.
 */
export interface SeededScheduler {
  /** The database whose steps wait for the scheduler when issued from a task. */
  wrap(db: Database): Database;
  /**
   * Runs the tasks concurrently, step by step in the order `seed` picks; settles like Promise.allSettled.
   * `steps` names the task of each step released, in order (the same seed, the same steps).
   */
  run<T>(tasks: Array<() => Promise<T>>, seed: number): Promise<{ results: PromiseSettledResult<T>[]; steps: number[] }>;
}

/** One task of a run; `notify` wakes that run's driver. */
type TaskState = { index: number; state: 'busy' | 'gated' | 'done'; release?: () => void; notify: () => void };

export function createSeededScheduler(): SeededScheduler {
  const current = new AsyncLocalStorage<TaskState>();

  async function step<T>(fn: () => Promise<T>): Promise<T> {
    const task = current.getStore();
    if (!task) return fn();
    await new Promise<void>((release) => {
      task.release = release;
      task.state = 'gated';
      task.notify();
    });
    return fn();
  }

  return {
    wrap(db) {
      return {
        kind: db.kind,
        orm: db.orm,
        close: () => db.close(),
        query: (statement) => step(() => db.query(statement)),
        run: (statement, values) => step(() => db.run(statement, values)),
        exec: (script) => step(() => db.exec(script)),
        // The transaction is one step: its statements go through `tx`, the real transaction, ungated.
        transaction: (fn, options) => step(() => db.transaction(fn, options)),
      } as Database;
    },

    async run(tasks, seed) {
      const random = createSeededRandom(seed);
      // The driver's wake-up: called whenever a task reaches a gate or finishes.
      let wake = () => {};
      const states: TaskState[] = tasks.map((_, index) => ({ index, state: 'busy', notify: () => wake() }));
      const steps: number[] = [];
      const settled = tasks.map((fn, i) =>
        current.run(states[i]!, async () => {
          try {
            return await fn();
          } finally {
            states[i]!.state = 'done';
            wake();
          }
        }),
      );
      const results = Promise.allSettled(settled);
      for (;;) {
        // Wait until no task is busy: each is at a gate or done.
        while (states.some((t) => t.state === 'busy')) await new Promise<void>((r) => (wake = r));
        const gated = states.filter((t) => t.state === 'gated');
        if (gated.length === 0) break;
        const next = gated[Math.floor(random() * gated.length)]!;
        steps.push(next.index);
        next.state = 'busy';
        next.release!();
      }
      return { results: await results, steps };
    },
  };
}
