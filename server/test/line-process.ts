import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { join } from 'node:path';
import { findAppRoot } from '../lib/app-root.ts';

/**
 * A TypeScript script (path from the app root) in its own Node process, driven by lines: it prints `ready`
 * first, then one stdout line per stdin line. `send(line)` resolves with that answer; `stop()` closes stdin
 * and waits for the exit. For tests of work several app processes share.
 */
export function startLineProcess(script: string, args: string[]) {
  const root = findAppRoot();
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, ['--import', 'tsx', join(root, script), ...args], { cwd: root });
  const lines: string[] = [];
  const waiters: Array<(l: string) => void> = [];
  let buffer = '';
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  child.stdout.on('data', (d) => {
    buffer += d;
    for (let i = buffer.indexOf('\n'); i >= 0; i = buffer.indexOf('\n')) {
      const line = buffer.slice(0, i);
      buffer = buffer.slice(i + 1);
      const w = waiters.shift();
      if (w) w(line);
      else lines.push(line);
    }
  });
  const next = () =>
    new Promise<string>((resolve, reject) => {
      const l = lines.shift();
      if (l !== undefined) return resolve(l);
      waiters.push(resolve);
      child.once('exit', () => reject(new Error(`${script} exited: ${err}`)));
    });
  return {
    ready: next(),
    send: (line: string) => {
      child.stdin.write(`${line}\n`);
      return next();
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.stdin.end();
      }),
  };
}
