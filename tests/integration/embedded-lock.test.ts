import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockDataDir } from '@/lib/db/lock';
import { startDatabaseChild } from '../helpers/database-child';

// PGlite holds its data directory alone: two processes on one directory each see only their
// own writes, and destroy it between them. These run on the embedded database only.
const onServer = Boolean(process.env.TEST_DATABASE_URL);
const CHILD_COMMAND = 'embedded-database-child.ts hold';

let root: string;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'envolve-lock-'));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const inUse = (dir: string, pid: number, command: string) =>
  `The embedded database in ${dir} is in use by process ${pid} (${command}). ` +
  'Only one process can open it: stop that one first, or set PGLITE_DIR to another folder.';

describe.skipIf(onServer)('one process per embedded database', () => {
  it('refuses a second process while the first runs, and lets the next one in as soon as it is killed', async () => {
    const dir = path.join(root, 'shared');
    const first = startDatabaseChild('hold', dir);
    await first.nextLine((line) => line === 'ready');
    first.send('join first@example.com');
    expect(await first.nextLine((line) => line.startsWith('joined'))).toBe('joined 1');

    const second = startDatabaseChild('hold', dir);
    const started = second
      .nextLine((line) => line === 'ready')
      .then(
        () => 'started' as const,
        () => null,
      );
    const refused = await Promise.race([second.exited, started]);
    if (refused === 'started') second.process.kill('SIGKILL');
    expect(refused).toEqual({ code: 1, signal: null, stderr: `${inUse(dir, first.process.pid!, CHILD_COMMAND)}\n` });

    // The first process was not disturbed.
    first.send('join after@example.com');
    expect(await first.nextLine((line) => line.startsWith('joined'))).toBe('joined 2');

    // A holder killed outright leaves its lock file behind; it names a process that is gone.
    first.process.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    const next = startDatabaseChild('hold', dir);
    await next.nextLine((line) => line === 'ready');
    next.send('join after-the-kill@example.com');
    expect(await next.nextLine((line) => line.startsWith('joined'))).toBe('joined 3');
    next.process.stdin.end();
    expect((await next.exited).code).toBe(0);
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
  });
});

describe.skipIf(onServer)('the lock on a data directory', () => {
  const lockFile = (dir: string) => `${dir}.lock`;
  const record = (holder: object) => JSON.stringify({ host: os.hostname(), started: null, command: 'old', ...holder });

  it('is held once per process, and free again once released', () => {
    const dir = path.join(root, 'twice');
    const lock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(`The embedded database in ${dir} is already open in this process.`);
    lock.release();
    expect(fs.existsSync(lockFile(dir))).toBe(false);
    lockDataDir(dir).release();
  });

  it('is taken over from a process that has ended', () => {
    const dir = path.join(root, 'ended');
    const ended = spawnSync(process.execPath, ['-e', '']);
    fs.writeFileSync(lockFile(dir), record({ pid: ended.pid }));
    lockDataDir(dir).release();
  });

  it('is taken over from an earlier process that had this pid', () => {
    // A restarted container gives its server the pid it had before; the start time tells.
    const dir = path.join(root, 'reused');
    fs.writeFileSync(lockFile(dir), record({ pid: process.pid, started: '1' }));
    const lock = lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(lockFile(dir), 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
  });

  it('is taken over when the file says nothing readable', () => {
    const dir = path.join(root, 'garbled');
    fs.writeFileSync(lockFile(dir), '{"pid":');
    lockDataDir(dir).release();
  });

  it("is not taken from another machine's process, which cannot be checked", () => {
    const dir = path.join(root, 'elsewhere');
    fs.writeFileSync(lockFile(dir), record({ pid: 4242, host: 'other-host', command: 'next start' }));
    expect(() => lockDataDir(dir)).toThrow(
      `The embedded database in ${dir} is in use by process 4242 (next start) on other-host. ` +
        `If nothing runs there any more, delete ${lockFile(dir)}.`,
    );
  });
});
