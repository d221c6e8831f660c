import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupEmbeddedDatabase, restoreEmbeddedDatabase } from '@/lib/db/backup';
import { BackupRefusedError, sealBackup } from '@/lib/db/backup-archive';
import { openDatabase, setDatabaseHandle, type DatabaseHandle } from '@/lib/db/client';
import { migrateDatabase } from '@/lib/db/migrate';
import { joinTar, readTar, writeTarFile, type TarMember } from '@/lib/db/tar';
import { seedDemoData } from '@/lib/demo/seed';
import { listEnvolvements } from '@/lib/envolvements/list';
import { subscribeToNewsletter } from '@/lib/newsletter/service';
import * as schema from '@/models';

// A backup counts once it has been restored: each test backs up a database holding the demo
// data, restores it into a new one, and finds every row of every table there, and the app
// reading it as before. Embedded: npm run db:backup and db:restore. Server: pg_dump -Fc and
// pg_restore, as the README says.
const serverUrl = process.env.TEST_DATABASE_URL;
const TABLES = (Object.values(schema) as unknown[]).flatMap((value) =>
  is(value, PgTable) ? [getTableName(value)] : [],
);

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'envolve-backup-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** Every row of every table of the schema, in a fixed order. */
async function contents(handle: DatabaseHandle): Promise<Record<string, unknown[]>> {
  const tables: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    const ordered = `SELECT * FROM "${table}" ORDER BY row_to_json("${table}")::text`;
    tables[table] = (await handle.executeSql(ordered)).rows;
  }
  return tables;
}

/** Explore's list as the app reads it from `handle`, after the app's start-up migration. */
async function listThroughApp(handle: DatabaseHandle) {
  await migrateDatabase(handle);
  setDatabaseHandle(handle);
  try {
    const page = await listEnvolvements({ viewerId: null, limit: 50 });
    return { total: page.total, ids: page.items.map((item) => item._id) };
  } finally {
    setDatabaseHandle(undefined);
  }
}

async function withDemoData(handle: DatabaseHandle) {
  await migrateDatabase(handle);
  await seedDemoData(handle.db);
  setDatabaseHandle(handle);
  await subscribeToNewsletter('early@example.com').finally(() => setDatabaseHandle(undefined));
  const tables = await contents(handle);
  expect(tables.users!.length).toBeGreaterThan(0);
  expect(tables.newsletter_subscribers).toHaveLength(1);
  return { tables, listed: await listThroughApp(handle) };
}

function npmRun(script: string, args: string[], dataDir: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, PGLITE_DIR: dataDir, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  return spawnSync('npm', ['run', '--silent', script, '--', ...args], { env, encoding: 'utf8' });
}

describe.skipIf(Boolean(serverUrl))('backing up the embedded database', () => {
  it('refuses while the database is open, then restores a copy with everything in it', async () => {
    const source = path.join(root, 'source');
    const file = path.join(root, 'envolve.tar.gz');
    const handle = openDatabase({ dataDir: source });
    let before: Awaited<ReturnType<typeof withDemoData>>;
    try {
      before = await withDemoData(handle);
      const refused = npmRun('db:backup', [file], source);
      expect(refused.status).toBe(1);
      expect(refused.stderr.trim()).toMatch(
        new RegExp(
          `^Cannot back up: The embedded database in ${source} is in use by process ${process.pid} \\(.+\\)\\. `,
        ),
      );
    } finally {
      await handle.close();
    }

    const backedUp = npmRun('db:backup', [file], source);
    expect(backedUp.stderr).toBe('');
    expect(backedUp.stdout).toMatch(new RegExp(`^Backed up ${source} to ${file} \\(\\d+ KB\\)\\.\\n$`));

    // A folder that holds anything is replaced only when told.
    const restored = path.join(root, 'restored');
    fs.mkdirSync(restored);
    fs.writeFileSync(path.join(restored, 'left-over'), '');
    const kept = npmRun('db:restore', [file], restored);
    expect(kept.status).toBe(1);
    expect(kept.stderr.trim()).toBe(
      `Cannot restore: ${restored} is not empty: restore into a new folder (PGLITE_DIR=…), or add --force to replace the database in it.`,
    );
    const replaced = npmRun('db:restore', [file, '--force'], restored);
    expect(replaced.stderr).toBe('');
    expect(replaced.stdout).toBe(`Restored ${file} into ${restored}.\n`);
    expect(fs.existsSync(path.join(restored, 'left-over'))).toBe(false);

    const copy = openDatabase({ dataDir: restored });
    try {
      expect(await contents(copy)).toEqual(before.tables);
      expect(await listThroughApp(copy)).toEqual(before.listed);
    } finally {
      await copy.close();
    }
  });
});

/** A copy of `member` with the byte at `at` of its data flipped. */
function flipByte(member: TarMember, at: number): Uint8Array {
  const record = Uint8Array.from(member.record);
  record[512 + at]! ^= 0xff;
  return record;
}

/** Every file and folder of `dir`, with a hash of each file's bytes. */
function fingerprint(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    const bytes = entry.isFile() ? fs.readFileSync(full) : '';
    files[path.relative(dir, full)] = createHash('sha256').update(bytes).digest('hex');
  }
  return files;
}

describe.skipIf(Boolean(serverUrl))('restoring a damaged backup', () => {
  // The database that a refused restore must leave as it was, and a good backup of it. Each
  // damaged copy is that backup with one thing wrong, packed again as a fault would leave it.
  const current = path.join(root, 'current');
  const good = path.join(root, 'good.tar.gz');
  let before: Awaited<ReturnType<typeof withDemoData>>;
  let usersFile: string;
  let members: TarMember[];
  beforeAll(async () => {
    const handle = openDatabase({ dataDir: current });
    try {
      before = await withDemoData(handle);
      const { rows } = await handle.executeSql(`SELECT pg_relation_filepath('users') AS file`);
      usersFile = `/${rows[0]!.file as string}`;
    } finally {
      await handle.close();
    }
    await backupEmbeddedDatabase(current, good);
    members = readTar(zlib.gunzipSync(fs.readFileSync(good)));
    expect(members.at(-1)!.name).toBe('/envolve-manifest.json');
  });

  const users = () => members.find((member) => member.name === usersFile)!;
  const records = (list = members) => list.map((member) => member.record);
  const withoutManifest = () => members.slice(0, -1);
  const gzip = (tar: Uint8Array) => zlib.gzipSync(tar);

  /**
   * Restores `bytes` over the current database, which must refuse it in one line and change
   * nothing: through npm run db:restore, or (quicker) through the function it calls.
   */
  async function expectRefused(name: string, bytes: Uint8Array, why: string | RegExp, via = 'library') {
    const file = path.join(root, `${name}.tar.gz`);
    fs.writeFileSync(file, bytes);
    const untouched = fingerprint(current);
    let message: string;
    if (via === 'script') {
      const refused = npmRun('db:restore', [file, '--force'], current);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toMatch(/^Cannot restore: [^\n]+\n$/);
      expect(refused.status).toBe(1);
      message = refused.stderr.slice('Cannot restore: '.length, -1);
    } else {
      const error = await restoreEmbeddedDatabase(file, current, { force: true }).then(
        () => null,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(BackupRefusedError);
      message = (error as Error).message;
    }
    if (typeof why === 'string') expect(message).toBe(`${file} ${why}`);
    else expect(message).toMatch(new RegExp(`^${file} ${why.source}`));
    expect(fingerprint(current)).toEqual(untouched);
    expect(fs.readdirSync(root).filter((entry) => entry.startsWith('current.'))).toEqual([]);
    return file;
  }

  it('refuses a table file with a byte flipped, and the database still opens with all its data', async () => {
    const flipped = records().map((record, i) => (members[i] === users() ? flipByte(users(), 4000) : record));
    await expectRefused(
      'flipped',
      gzip(joinTar(flipped)),
      `is damaged: ${usersFile.slice(1)} does not match its SHA-256 in the manifest.`,
      'script',
    );
    const handle = openDatabase({ dataDir: current });
    try {
      expect(await contents(handle)).toEqual(before.tables);
      expect(await listThroughApp(handle)).toEqual(before.listed);
    } finally {
      await handle.close();
    }
  });

  it('refuses an archive damaged as stored, or cut short', async () => {
    const stored = Buffer.from(fs.readFileSync(good));
    stored[stored.length >> 1]! ^= 0xff;
    await expectRefused('stored', stored, /is damaged: it does not unpack as gzip \(.+\)\.$/);
    const cut = fs.readFileSync(good).subarray(0, 100_000);
    await expectRefused('cut', cut, 'is damaged: it does not unpack as gzip (unexpected end of file).');
  });

  it('refuses a tar cut short, or with a damaged header, packed again', async () => {
    const at = members.indexOf(users());
    const offset = records(members.slice(0, at)).reduce((sum, record) => sum + record.length, 0);
    const half = users().record.subarray(0, 512 + 4096);
    const cut = Buffer.concat([...records(members.slice(0, at)), half]);
    await expectRefused('tar-cut', gzip(cut), `is damaged: it ends in the middle of ${usersFile.slice(1)}.`);
    const header = joinTar(records());
    header[offset + 1]! ^= 0x01;
    await expectRefused(
      'header',
      gzip(header),
      `is damaged: the header at byte ${offset} does not match its checksum.`,
    );
  });

  it('refuses a file missing from the archive, or one added to it', async () => {
    const missing = members.filter((member) => member !== users());
    await expectRefused('missing', gzip(joinTar(records(missing))), `is damaged: ${usersFile.slice(1)} is missing.`);
    const extra = [
      ...records(withoutManifest()),
      writeTarFile('/base/5/99999', new Uint8Array(8192)),
      ...records(members.slice(-1)),
    ];
    await expectRefused('extra', gzip(joinTar(extra)), 'is damaged: base/5/99999 is not in its manifest.');
  });

  it('refuses a manifest that does not match its own checksum', async () => {
    const manifest = members.at(-1)!;
    const text = Buffer.from(manifest.data).toString('utf8');
    const listed = (JSON.parse(text) as { members: { name: string; sha256?: string }[] }).members;
    const hash = listed.find((entry) => entry.name === usersFile)!.sha256!;
    const edited = text.replace(
      hash,
      hash.replace(/^./, (digit) => (digit === '0' ? '1' : '0')),
    );
    const tar = joinTar([...records(withoutManifest()), writeTarFile(manifest.name, Buffer.from(edited))]);
    await expectRefused('manifest', gzip(tar), 'is damaged: its manifest does not match its own checksum.');
  });

  it('refuses a copy that does not read or open, though its manifest matches', async () => {
    // Damaged before the backup: the manifest lists the damaged files. PostgreSQL's page
    // checksum finds the table's page; a control file flipped stops the copy from opening.
    const damage = (name: string, at: number) =>
      sealBackup(
        joinTar(withoutManifest().map((member) => (member.name === name ? flipByte(member, at) : member.record))),
      );
    await expectRefused(
      'unreadable',
      damage(usersFile, 4000),
      `does not restore: table public.users does not read (invalid page in block 0 of relation "${usersFile.slice(1)}").`,
      'script',
    );
    await expectRefused(
      'unopened',
      damage('/global/pg_control', 20),
      /does not restore: the database does not open \(.+\)\.$/,
    );
  });

  it('refuses a backup without a manifest unless told, then restores it with a warning', async () => {
    const old = await expectRefused(
      'old',
      gzip(joinTar(records(withoutManifest()))),
      'has no manifest of checksums (backups made before they carried one have none), so its files cannot be ' +
        'checked: add --allow-unverified to restore it anyway.',
    );
    const restored = path.join(root, 'from-old');
    const accepted = npmRun('db:restore', [old, '--allow-unverified'], restored);
    expect(accepted.stderr).toBe(`Warning: ${old} has no manifest: its tables read, but its files were not checked.\n`);
    expect(accepted.stdout).toBe(`Restored ${old} into ${restored}.\n`);
    const copy = openDatabase({ dataDir: restored });
    try {
      expect(await contents(copy)).toEqual(before.tables);
    } finally {
      await copy.close();
    }
  });
});

describe.skipIf(!serverUrl)('backing up a PostgreSQL server with pg_dump', () => {
  const names = [1, 2].map((n) => `envolve_backup_${Date.now()}_${randomBytes(3).toString('hex')}_${n}`);
  const urlOf = (name: string) => Object.assign(new URL(serverUrl!), { pathname: `/${name}` }).toString();
  const onServer = async (statement: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(statement).finally(() => admin.end());
  };
  afterAll(async () => {
    for (const name of names) await onServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });

  it('restores a pg_dump -Fc of the database into a new one with everything in it', async () => {
    const [sourceName, copyName] = names as [string, string];
    const file = path.join(root, 'envolve.dump');
    await onServer(`CREATE DATABASE "${sourceName}"`);
    const source = openDatabase({ url: urlOf(sourceName) });
    const before = await withDemoData(source).finally(() => source.close());

    const dumped = spawnSync('pg_dump', ['-Fc', '-f', file, urlOf(sourceName)], { encoding: 'utf8' });
    expect(dumped.stderr).toBe('');
    await onServer(`CREATE DATABASE "${copyName}"`);
    const restored = spawnSync('pg_restore', ['--no-owner', '--exit-on-error', '-d', urlOf(copyName), file], {
      encoding: 'utf8',
    });
    expect(restored.stderr).toBe('');

    const copy = openDatabase({ url: urlOf(copyName) });
    try {
      expect(await contents(copy)).toEqual(before.tables);
      expect(await listThroughApp(copy)).toEqual(before.listed);
    } finally {
      await copy.close();
    }
  });
});
