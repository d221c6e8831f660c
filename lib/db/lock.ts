import 'server-only';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Who holds an embedded database. A process killed with SIGKILL leaves its record behind;
 * the record names a process that no longer runs, and the next one takes the lock over at
 * once. Node has no flock(), and a lock that ages out (proper-lockfile refreshes an mtime
 * on a timer) would refuse a restart for seconds after a crash, and would call a live
 * holder stale whenever a long query keeps PGlite's event loop busy past its limit.
 */
type Holder = { pid: number; host: string; started: string | null; command: string };

export class DatabaseInUseError extends Error {
  constructor(dataDir: string, holder: Holder, lockFile: string) {
    const who = `process ${holder.pid} (${holder.command})`;
    const here = holder.host === os.hostname();
    super(
      holder.pid === process.pid && here
        ? `The embedded database in ${dataDir} is already open in this process.`
        : here
          ? `The embedded database in ${dataDir} is in use by ${who}. Only one process can open it: ` +
            'stop that one first, or set PGLITE_DIR to another folder.'
          : `The embedded database in ${dataDir} is in use by ${who} on ${holder.host}. ` +
            `If nothing runs there any more, delete ${lockFile}.`,
    );
    this.name = 'DatabaseInUseError';
  }
}

export type DirectoryLock = { release: () => void };

// Field 22 of /proc/<pid>/stat: when the process started, in clock ticks since boot. With the
// pid it names one process, so a later process that was given the same pid (pid 1 in a
// restarted container) is not taken for the holder. Other systems have no /proc: null.
function startTimeOf(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function stillRuns(holder: Holder): boolean {
  // Another machine's process cannot be checked from here (a folder on a shared disk).
  if (holder.host !== os.hostname()) return true;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: it runs, as another user.
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  const started = startTimeOf(holder.pid);
  return started === null || holder.started === null || started === holder.started;
}

/** The lock file's text and what it says (null when it says nothing readable), or null if it is gone. */
function readLock(file: string): { text: string; holder: Holder | null } | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const holder = JSON.parse(text) as Holder;
    const valid = Number.isInteger(holder.pid) && holder.pid > 0 && typeof holder.host === 'string';
    return { text, holder: valid ? holder : null };
  } catch {
    return { text, holder: null };
  }
}

/** What an operator knows the process as: `npm run dev`, else `next start`, `migrate.ts`… */
function commandLine(): string {
  if (['run', 'run-script'].includes(process.env.npm_command ?? ''))
    return `npm run ${process.env.npm_lifecycle_event}`;
  return process.argv
    .slice(1, 3)
    .map((arg) => path.basename(arg))
    .join(' ');
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Removes a dead holder's record. Two processes starting together after a crash would both
 * find it dead: each could remove it after the other had already written its own. Under
 * the breaker (a directory: mkdir is atomic) the record is read again and removed only if
 * it is still the dead one, so a live holder's record is never removed.
 */
function removeDeadHolder(file: string, dead: string): void {
  const breaker = `${file}.break`;
  try {
    fs.mkdirSync(breaker);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // Held for the time of one read: an old one was left by a process killed right then.
    const made = fs.statSync(breaker, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
    if (Date.now() - made > 10_000) fs.rmSync(breaker, { recursive: true, force: true });
    else sleep(20);
    return;
  }
  try {
    if (fs.readFileSync(file, 'utf8') === dead) fs.unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  } finally {
    fs.rmdirSync(breaker);
  }
}

/**
 * Takes the data directory for this process, or throws DatabaseInUseError. The lock is a
 * file beside the directory, so the directory holds nothing but the database (a copy of it
 * carries no lock).
 */
export function lockDataDir(dataDir: string): DirectoryLock {
  const file = `${path.resolve(dataDir)}.lock`;
  const me: Holder = {
    pid: process.pid,
    host: os.hostname(),
    started: startTimeOf(process.pid),
    command: commandLine(),
  };
  const record = JSON.stringify(me);
  // Written whole, then linked in: link() fails if the lock exists, and no one ever reads a
  // record half written.
  const draft = `${file}.${process.pid}.${Date.now()}`;
  fs.writeFileSync(draft, record);
  try {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      try {
        fs.linkSync(draft, file);
        return { release: () => releaseIfMine(file, record) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const lock = readLock(file);
      if (lock === null) continue;
      if (lock.holder && stillRuns(lock.holder)) throw new DatabaseInUseError(dataDir, lock.holder, file);
      removeDeadHolder(file, lock.text);
    }
    throw new Error(`Could not take the lock ${file}: it kept changing hands.`);
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

function releaseIfMine(file: string, record: string): void {
  try {
    if (fs.readFileSync(file, 'utf8') === record) fs.unlinkSync(file);
  } catch {
    // Already gone: nothing to release.
  }
}
