/**
 * The backtest's own thread: re-running the engines over five years of month-ends is seconds of CPU that
 * would otherwise hold up every request of this process. Opens the bundled snapshot once and answers
 * the engine's requests (see backtest-engine.ts) one at a time.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createLogger } from '../../lib/logger.ts';
import { createSnapshotMarketService } from '../market/index.ts';
import { type EngineReply, type EngineRequest, createInProcessBacktestEngine } from './backtest-engine.ts';

const port = parentPort;
if (!port) throw new Error('backtest-worker.ts runs as a worker thread');
const { dataDir } = workerData as { dataDir: string };
const engine = createInProcessBacktestEngine(createSnapshotMarketService(dataDir, createLogger('silent')));

port.on('message', async (req: EngineRequest) => {
  let reply: EngineReply;
  try {
    reply =
      req.type === 'months'
        ? { id: req.id, ok: true, months: await engine.listMonths(req.count) }
        : { id: req.id, ok: true, runs: await engine.computeMonth(req.month) };
  } catch (e) {
    reply = { id: req.id, ok: false, message: e instanceof Error ? e.message : String(e) };
  }
  port.postMessage(reply);
});
