/**
 * Preloaded (`node --import`) into an app process a test starts (see app-process.ts): the process's clock is
 * the test's, not the wall's. STOCKPILOT_TEST_CLOCK_MS sets where it starts; the clock then stands still
 * until the test moves it over IPC (`{ clockMs }`, answered once applied), so a rate window or a cache's
 * age is exactly what the test says, however loaded the machine. Timers (setTimeout) stay real.
 */
const RealDate = Date;
let clockMs = Number(process.env.STOCKPILOT_TEST_CLOCK_MS);
if (!Number.isFinite(clockMs)) throw new Error('STOCKPILOT_TEST_CLOCK_MS must be a number of ms since the epoch');

const now = () => clockMs;
globalThis.Date = new Proxy(RealDate, {
  construct: (target, args, newTarget) => Reflect.construct(target, args.length ? args : [clockMs], newTarget),
  apply: () => new RealDate(clockMs).toString(),
  get: (target, key, receiver) => (key === 'now' ? now : Reflect.get(target, key, receiver)),
});

process.on('message', (m: { clockMs?: number }) => {
  if (typeof m?.clockMs !== 'number') return;
  clockMs = m.clockMs;
  process.send?.({ clockMs });
});
// The IPC channel alone must not keep a process alive that is otherwise done.
process.channel?.unref();
