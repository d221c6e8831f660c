import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import { openEmbeddedDatabase } from './embedded';
import { lockDataDir } from './lock';

/** A backup or restore refused for a reason the operator can act on. */
export class BackupRefusedError extends Error {
  name = 'BackupRefusedError';
}

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
 * made by PGlite's dumpDataDir(). Opening the database is the only way to a consistent copy,
 * so the server must be stopped first (the lock refuses otherwise); a database a crash left
 * behind is recovered as it opens, and a checkpoint spares the copy a recovery of its own.
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
    const copy = new Uint8Array(await (await handle.pglite.dumpDataDir('gzip')).arrayBuffer());
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

/**
 * Makes `dataDir` the database copied in `file`. A folder that holds anything is replaced
 * only with `force`. The copy is unpacked and opened in a folder beside it first, so a bad
 * file leaves the current database as it was; the lock on `dataDir` keeps the server out.
 */
export async function restoreEmbeddedDatabase(file: string, dataDir: string, { force = false } = {}): Promise<void> {
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
    fs.rmSync(staging, { recursive: true, force: true });
    const copy = new Blob([fs.readFileSync(file)], { type: 'application/x-gzip' });
    const restored = openEmbeddedDatabase(staging, { loadDataDir: copy });
    try {
      // Proves that the copy opens; closing it checkpoints it.
      await restored.pglite.query('SELECT 1');
    } finally {
      await restored.close();
    }
    syncTree(staging);
    fs.rmSync(replaced, { recursive: true, force: true });
    if (fs.existsSync(target)) fs.renameSync(target, replaced);
    fs.renameSync(staging, target);
    syncPath(path.dirname(target));
    fs.rmSync(replaced, { recursive: true, force: true });
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    lock.release();
  }
}
