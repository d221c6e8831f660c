import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { BackupRefusedError, openBackup, sealBackup } from './backup-archive';
import { openEmbeddedDatabase } from './embedded';
import { lockDataDir } from './lock';

/** Flushes a file or folder to the disk, so that a power cut right after finds it whole. */
function syncPath(target: string): void {
  const fd = fs.openSync(target, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function syncTree(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const child = path.join(dir, entry.name);
    if (entry.isDirectory()) syncTree(child);
    else syncPath(child);
  }
  syncPath(dir);
}

const isEmptyFolder = (dir: string) => !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;

/**
 * Copies the embedded database in `dataDir` to `file`: its data directory as a gzipped tar,
 * made by PGlite's dumpDataDir(), with a manifest of its files (./backup-archive.ts).
 * Opening the database is the only way to a consistent copy, so the server must be stopped
 * first (the lock refuses otherwise); a database a crash left behind is recovered as it
 * opens, and a checkpoint spares the copy a recovery of its own.
 */
export async function backupEmbeddedDatabase(dataDir: string, file: string, { force = false } = {}): Promise<number> {
  // Opening an empty folder would make a new database there.
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    throw new BackupRefusedError(`There is no embedded database in ${dataDir} (set PGLITE_DIR to its folder).`);
  }
  if (fs.existsSync(file) && !force) {
    throw new BackupRefusedError(`${file} already exists: name another file, or add --force to replace it.`);
  }
  const handle = openEmbeddedDatabase(dataDir);
  try {
    await handle.pglite.exec('CHECKPOINT');
    const tar = new Uint8Array(await (await handle.pglite.dumpDataDir('none')).arrayBuffer());
    const copy = sealBackup(tar);
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    // Written beside, then renamed: an interrupted backup never leaves a file that looks whole.
    const partial = `${file}.partial`;
    fs.writeFileSync(partial, copy);
    syncPath(partial);
    fs.renameSync(partial, file);
    syncPath(path.dirname(path.resolve(file)));
    return copy.byteLength;
  } finally {
    await handle.close();
  }
}

// Every table, the system catalogs and TOAST tables included.
const TABLES = `SELECT format('%I.%I', n.nspname, c.relname) AS name FROM pg_class c
  JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relkind IN ('r', 'm', 't') ORDER BY 1`;

/**
 * Reads every page of every table of the copy. PGlite's databases carry data checksums, so
 * PostgreSQL checks each page as it reads it: a damaged page the manifest could not see (it
 * was damaged before the backup) is found here rather than by the app. Indexes are not read.
 * About 150 ms for the demo data.
 */
async function readEveryTable(file: string, pglite: PGlite): Promise<void> {
  let failed = 'the database does not open';
  try {
    // A sequential scan reads the whole table; count(*) could otherwise read an index only.
    await pglite.exec('SET enable_indexscan = off; SET enable_indexonlyscan = off; SET enable_bitmapscan = off');
    for (const { name } of (await pglite.query<{ name: string }>(TABLES)).rows) {
      failed = `table ${name} does not read`;
      await pglite.query(`SELECT count(*) FROM ${name}`);
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new BackupRefusedError(`${file} does not restore: ${failed} (${reason}).`);
  }
}

/**
 * Makes `dataDir` the database copied in `file`. A folder that holds anything is replaced
 * only with `force`. The archive is checked against its manifest, then unpacked in a folder
 * beside `dataDir` and every table read there, so a bad file leaves the current database as
 * it was; the lock on `dataDir` keeps the server out. `verified` is false for an archive
 * without a manifest, restored only when `allowUnverified`.
 */
export async function restoreEmbeddedDatabase(
  file: string,
  dataDir: string,
  { force = false, allowUnverified = false } = {},
): Promise<{ verified: boolean }> {
  if (!fs.existsSync(file)) throw new BackupRefusedError(`There is no backup file ${file}.`);
  const target = path.resolve(dataDir);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const lock = lockDataDir(target);
  const staging = `${target}.restoring`;
  const replaced = `${target}.replaced`;
  try {
    if (!isEmptyFolder(target) && !force) {
      throw new BackupRefusedError(
        `${dataDir} is not empty: restore into a new folder (PGLITE_DIR=…), or add --force to replace the database in it.`,
      );
    }
    const { tar, verified } = openBackup(file, fs.readFileSync(file), { allowUnverified });
    fs.rmSync(staging, { recursive: true, force: true });
    const restored = openEmbeddedDatabase(staging, { loadDataDir: new Blob([tar], { type: 'application/x-tar' }) });
    try {
      await readEveryTable(file, restored.pglite);
    } catch (error) {
      // A copy that did not open does not close either: the refusal is the news.
      await restored.close().catch(() => undefined);
      throw error;
    }
    // Closing it checkpoints it.
    await restored.close();
    syncTree(staging);
    fs.rmSync(replaced, { recursive: true, force: true });
    if (fs.existsSync(target)) fs.renameSync(target, replaced);
    fs.renameSync(staging, target);
    syncPath(path.dirname(target));
    fs.rmSync(replaced, { recursive: true, force: true });
    return { verified };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    lock.release();
  }
}
