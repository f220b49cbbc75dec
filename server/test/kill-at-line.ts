import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { findAppRoot } from '../lib/app-root.ts';

/**
 * Runs a TypeScript script (path from the app root) in its own Node process until it prints `line`, then
 * SIGKILLs it: no cleanup, no finally, no graceful close, as a crash would. Node itself runs it with tsx as a
 * loader, so the killed process is the script's (the tsx CLI would be a wrapper whose grandchild survives).
 * Rejects if the script exits, or prints something else, first.
 */
export async function runUntilLineThenKill(script: string, args: string[], line: string): Promise<{ signal: string | null }> {
  const root = findAppRoot();
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, script), ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  const exited = new Promise<string | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += d;
      const first = out.split('\n')[0]!;
      if (out.includes('\n')) (first === line ? resolve : () => reject(new Error(`${script} printed ${first}, not ${line}: ${err}`)))();
    });
    child.on('exit', () => reject(new Error(`${script} exited before printing ${line}: ${out} ${err}`)));
  });
  child.kill('SIGKILL');
  return { signal: await exited };
}
