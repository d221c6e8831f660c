import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, setDatabaseHandle, type DatabaseHandle } from '@/lib/db/client';
import { migrateDatabase } from '@/lib/db/migrate';
import { seedDemoData } from '@/lib/demo/seed';
import { listEnvolvements } from '@/lib/envolvements/list';
import { joinWaitlist } from '@/lib/marketing/service';
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
  await joinWaitlist('early@example.com').finally(() => setDatabaseHandle(undefined));
  const tables = await contents(handle);
  expect(tables.users!.length).toBeGreaterThan(0);
  expect(tables.waitlist_entries).toHaveLength(1);
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
