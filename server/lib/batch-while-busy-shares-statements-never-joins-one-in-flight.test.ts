import { describe, expect, it } from 'vitest';
import { batchWhileBusy } from './batch-while-busy.ts';

/** A runBatch whose batches the test finishes by hand, recording what each one was given. */
function manualBatches() {
  const batches: Array<{ items: number[]; finish: () => void; fail: (e: Error) => void }> = [];
  const run = (items: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      batches.push({ items, finish: () => resolve(items.map((i) => `answer ${i}`)), fail: reject });
    });
  return { batches, run };
}

const ticks = () => new Promise((r) => setTimeout(r, 0));

describe('batchWhileBusy', () => {
  it('a lone caller gets a batch of its own at once', async () => {
    const { batches, run } = manualBatches();
    const ask = batchWhileBusy(run);
    const answer = ask(1);
    await ticks();
    expect(batches.map((b) => b.items)).toEqual([[1]]);
    batches[0]!.finish();
    expect(await answer).toBe('answer 1');
  });

  it('callers in the same tick share one batch; with 2 in flight, the 5 asked meanwhile share the next free slot', async () => {
    const { batches, run } = manualBatches();
    const ask = batchWhileBusy(run, { maxInFlight: 2 });
    const first = [ask(1), ask(2), ask(3)];
    await ticks();
    const second = ask(4);
    await ticks();
    const waiting = [5, 6, 7, 8, 9].map(ask);
    await ticks();
    // [1,2,3] in flight, [4] took the second slot, 5…9 wait: 3 + 1 + 5 = 9 callers, 2 statements so far.
    expect(batches.map((b) => b.items)).toEqual([[1, 2, 3], [4]]);
    batches[0]!.finish();
    expect(await Promise.all(first)).toEqual(['answer 1', 'answer 2', 'answer 3']);
    await ticks();
    expect(batches.map((b) => b.items)).toEqual([[1, 2, 3], [4], [5, 6, 7, 8, 9]]);
    batches[1]!.finish();
    batches[2]!.finish();
    expect(await second).toBe('answer 4');
    expect(await Promise.all(waiting)).toEqual([5, 6, 7, 8, 9].map((i) => `answer ${i}`));
  });

  it('a caller asking while its batch-mates are in the database waits for a new statement (never joins one already sent)', async () => {
    const { batches, run } = manualBatches();
    const ask = batchWhileBusy(run, { maxInFlight: 1 });
    void ask(1);
    await ticks();
    const late = ask(2);
    await ticks();
    expect(batches.map((b) => b.items)).toEqual([[1]]);
    batches[0]!.finish();
    await ticks();
    expect(batches.map((b) => b.items)).toEqual([[1], [2]]);
    batches[1]!.finish();
    expect(await late).toBe('answer 2');
  });

  it('a failed batch rejects its own callers only; the next batch still runs', async () => {
    const { batches, run } = manualBatches();
    const ask = batchWhileBusy(run, { maxInFlight: 1 });
    const doomed = [ask(1), ask(2)];
    await ticks();
    const after = ask(3);
    batches[0]!.fail(new Error('connection reset'));
    await expect(Promise.all(doomed)).rejects.toThrow('connection reset');
    await ticks();
    batches[1]!.finish();
    expect(await after).toBe('answer 3');
  });

  it('no batch holds more than maxBatch: 7 callers with maxBatch 3 → batches of 3, 3, 1', async () => {
    const { batches, run } = manualBatches();
    const ask = batchWhileBusy(run, { maxBatch: 3, maxInFlight: 1 });
    const all = [1, 2, 3, 4, 5, 6, 7].map(ask);
    for (let i = 0; i < 3; i++) {
      await ticks();
      batches[i]!.finish();
    }
    expect(await Promise.all(all)).toHaveLength(7);
    expect(batches.map((b) => b.items)).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
  });
});
