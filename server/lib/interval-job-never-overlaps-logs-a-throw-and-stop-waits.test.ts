import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createIntervalJob } from './jobs.ts';

/** Records error lines with the bindings of the child logger they were written through (as pino would merge them). */
function createRecordingLogger() {
  const errors: unknown[][] = [];
  const child = (bindings: Record<string, unknown>) => ({
    error: (fields: Record<string, unknown>, ...rest: unknown[]) => errors.push([{ ...bindings, ...fields }, ...rest]),
  });
  const logger = { child } as unknown as Parameters<typeof createIntervalJob>[0]['logger'];
  return { logger, errors };
}

describe('a feature job on the shared interval helper', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('skips a tick while the previous one is still running: 3 intervals of 1 s, one 2.5 s tick → 2 runs', async () => {
    let runs = 0;
    let finish: (() => void) | undefined;
    const { logger } = createRecordingLogger();
    const job = createIntervalJob({
      name: 'test',
      everyMs: 1000,
      logger,
      run: () => {
        runs++;
        return new Promise<void>((resolve) => {
          finish = resolve;
        });
      },
    });
    job.start();
    await vi.advanceTimersByTimeAsync(1000); // tick 1 starts
    await vi.advanceTimersByTimeAsync(1000); // tick 1 still running: skipped
    expect(runs).toBe(1);
    finish?.();
    await vi.advanceTimersByTimeAsync(1000); // tick 2 starts
    expect(runs).toBe(2);
    finish?.();
    await job.stop();
  });

  it('logs a throw with the job name and keeps ticking', async () => {
    let runs = 0;
    const { logger, errors } = createRecordingLogger();
    const job = createIntervalJob({
      name: 'alerts',
      everyMs: 500,
      logger,
      run: async () => {
        runs++;
        throw new Error('boom');
      },
    });
    job.start();
    await vi.advanceTimersByTimeAsync(1500);
    expect(runs).toBe(3);
    expect(errors).toHaveLength(3);
    expect(errors[0]?.[1]).toBe('alerts: scheduled work failed');
    // Each tick's lines carry the job's name and that tick's own run id.
    const runIds = errors.map((e) => (e[0] as { job: string; run: string }).run);
    expect(errors.map((e) => (e[0] as { job: string }).job)).toEqual(['alerts', 'alerts', 'alerts']);
    expect(new Set(runIds).size).toBe(3);
    await job.stop();
  });

  it('runs at start when asked, and stop() waits for the tick in flight', async () => {
    const order: string[] = [];
    let finish: (() => void) | undefined;
    const { logger } = createRecordingLogger();
    const job = createIntervalJob({
      name: 'sweeper',
      everyMs: 60_000,
      logger,
      runAtStart: true,
      run: () =>
        new Promise<void>((resolve) => {
          order.push('run');
          finish = () => {
            order.push('done');
            resolve();
          };
        }),
    });
    job.start();
    expect(order).toEqual(['run']);
    const stopped = job.stop().then(() => order.push('stopped'));
    await Promise.resolve();
    expect(order).toEqual(['run']);
    finish?.();
    await stopped;
    expect(order).toEqual(['run', 'done', 'stopped']);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(order).toEqual(['run', 'done', 'stopped']);
  });
});
