import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import type { ChildMode } from './embedded-database-child';

const CHILD = path.join(import.meta.dirname, 'embedded-database-child.ts');

export type Exit = { code: number | null; signal: NodeJS.Signals | null; stderr: string };

export type DatabaseChild = {
  process: ChildProcessWithoutNullStreams;
  /** Every line the child has printed on stdout. */
  lines: string[];
  /** The first line printed from now on that passes `test`; rejects if the child ends first. */
  nextLine: (test: (line: string) => boolean) => Promise<string>;
  send: (line: string) => void;
  exited: Promise<Exit>;
};

/**
 * Starts tests/helpers/embedded-database-child.ts in a Node process of its own (no wrapper
 * between, so a signal reaches the process that holds the database) on the embedded
 * database in `dataDir`.
 */
export function startDatabaseChild(mode: ChildMode, dataDir: string): DatabaseChild {
  // Nothing of the test run's own setup: no server URL, and no npm script name for the lock.
  const env: NodeJS.ProcessEnv = { ...process.env, PGLITE_DIR: dataDir, LOG_LEVEL: 'silent' };
  for (const name of Object.keys(env)) if (name === 'DATABASE_URL' || name.startsWith('npm_')) delete env[name];
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=react-server', CHILD, mode], {
    cwd: path.join(import.meta.dirname, '..', '..'),
    env,
  });
  const lines: string[] = [];
  const waiting = new Set<(line: string) => void>();
  readline.createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line);
    for (const take of waiting) take(line);
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<Exit>((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stderr })));
  const nextLine = (test: (line: string) => boolean) =>
    new Promise<string>((resolve, reject) => {
      const take = (line: string) => {
        if (!test(line)) return;
        waiting.delete(take);
        resolve(line);
      };
      waiting.add(take);
      void exited.then((exit) => {
        if (waiting.delete(take))
          reject(new Error(`The child ended first (${exit.code ?? exit.signal}): ${exit.stderr}`));
      });
    });
  return { process: child, lines, nextLine, send: (line) => child.stdin.write(`${line}\n`), exited };
}
