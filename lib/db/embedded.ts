import 'server-only';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { drizzle } from 'drizzle-orm/pglite';
import * as schema from '@/models';
import type { Database, DatabaseHandle } from './client';
import { lockDataDir } from './lock';

type EmscriptenOptions = Parameters<NodeFS['init']>[1];
type NodeFileSystem = {
  stream_ops?: { fsync?: (stream: { nfd: number }) => void };
  tryFSOperation?: (run: () => void) => void;
};

/**
 * PGlite's Node file system hands every page to the OS with a synchronous write as
 * PostgreSQL writes it, so a commit is in the OS before its query returns and survives the
 * process being killed. But PGlite starts PostgreSQL with fsync off, and Emscripten's NODEFS
 * has no fsync anyway: nothing ever asks the disk to keep a page, so a power cut could lose
 * commits, or leave a checkpoint without the pages it counted on. This file system gives
 * NODEFS an fsync; DURABLE turns PostgreSQL's back on.
 */
class DurableNodeFS extends NodeFS {
  async init(pg: PGlite, options: EmscriptenOptions) {
    const { emscriptenOpts } = await super.init(pg, options);
    const addFsync = (mod: unknown) => {
      const nodefs = (mod as { NODEFS?: NodeFileSystem }).NODEFS;
      const { stream_ops: streams, tryFSOperation: tryOperation } = nodefs ?? {};
      // Without it every fsync would quietly do nothing again: refuse to start instead.
      if (!streams || !tryOperation) throw new Error('PGlite no longer has the NODEFS that lib/db/embedded.ts expects');
      streams.fsync = (stream) => tryOperation(() => fs.fsyncSync(stream.nfd));
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), addFsync] } };
  }
}

// Settings given later win over PGlite's own -F (fsync off). Emscripten's fdatasync() does
// nothing, so the WAL is flushed with fsync().
const DURABLE = ['-c', 'fsync=on', '-c', 'wal_sync_method=fsync'];

// The extensions the migrations create (search needs both).
const EXTENSIONS = { pg_trgm, unaccent };

export type EmbeddedHandle = DatabaseHandle & { kind: 'pglite'; pglite: PGlite };

/**
 * PGlite in memory ('memory'), or on disk in `dataDir`, which this process then holds alone
 * until close() (./lock.ts). `loadDataDir` fills a new directory from a copy made by
 * PGlite's dumpDataDir().
 */
export function openEmbeddedDatabase(dataDir: string, options: { loadDataDir?: Blob } = {}): EmbeddedHandle {
  if (dataDir === 'memory') return handleOf(new PGlite({ extensions: EXTENSIONS }), () => undefined);
  fs.mkdirSync(dataDir, { recursive: true });
  const lock = lockDataDir(dataDir);
  try {
    const pglite = new PGlite({
      dataDir,
      fs: new DurableNodeFS(dataDir),
      startParams: [...PGlite.defaultStartParams, ...DURABLE],
      loadDataDir: options.loadDataDir,
      extensions: EXTENSIONS,
    });
    return handleOf(pglite, lock.release);
  } catch (error) {
    lock.release();
    throw error;
  }
}

function handleOf(pglite: PGlite, release: () => void): EmbeddedHandle {
  return {
    db: drizzle(pglite, { schema }) as Database,
    kind: 'pglite',
    pglite,
    executeSql: async (text, values) => {
      if (values?.length) return pglite.query(text, values);
      // Without parameters a text may hold several statements (migrations send them so);
      // only the extended protocol of query() refuses that.
      const results = await pglite.exec(text);
      return { rows: results[results.length - 1]?.rows ?? [] };
    },
    close: async () => {
      try {
        if (!pglite.closed) await pglite.close();
      } finally {
        release();
      }
    },
  };
}
