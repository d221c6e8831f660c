import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '@/lib/db/client';
import { MIGRATIONS_FOLDER, migrateDatabase } from '@/lib/db/migrate';
import { type Jobs, RECONCILE_PAYMENTS, startJobs } from '@/lib/jobs';
import { users } from '@/models';

// Instances started together migrate the same database at once. A race needs a server:
// PGlite is one process and runs one statement at a time, so this runs only on PostgreSQL.
const serverUrl = process.env.TEST_DATABASE_URL;
const INSTANCES = 4;

async function onServer(statement: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

describe('several instances starting together', () => {
  it.skipIf(!serverUrl)(`apply each migration once when ${INSTANCES} instances start together`, async () => {
    const name = `envolve_migrate_${Date.now()}_${randomBytes(4).toString('hex')}`;
    await onServer(`CREATE DATABASE "${name}"`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    const handles = Array.from({ length: INSTANCES }, () => openDatabase({ url: url.toString() }));
    try {
      const results = await Promise.allSettled(handles.map((handle) => migrateDatabase(handle)));
      expect(results.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ok'))).toEqual(
        Array(INSTANCES).fill('ok'),
      );

      const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
        entries: unknown[];
      };
      const applied = await handles[0]!.executeSql(
        'SELECT hash, count(*)::int AS times FROM drizzle.__drizzle_migrations GROUP BY hash',
      );
      expect(applied.rows).toHaveLength(journal.entries.length);
      expect(applied.rows.map((row) => row.times)).toEqual(Array(journal.entries.length).fill(1));
      expect(await handles[0]!.db.select({ id: users.id }).from(users)).toEqual([]);

      // A later start finds nothing to do.
      await migrateDatabase(handles[1]!);
      const after = await handles[0]!.executeSql('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
      expect(after.rows[0].n).toBe(journal.entries.length);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
      await onServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  });

  it.skipIf(!serverUrl)(`start the job queue once when ${INSTANCES} instances start together`, async () => {
    const name = `envolve_jobs_${Date.now()}_${randomBytes(4).toString('hex')}`;
    await onServer(`CREATE DATABASE "${name}"`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    const handles = Array.from({ length: INSTANCES }, () => openDatabase({ url: url.toString() }));
    const started: Jobs[] = [];
    try {
      await migrateDatabase(handles[0]!);
      const results = await Promise.allSettled(handles.map(async (handle) => started.push(await startJobs(handle))));
      expect(results.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ok'))).toEqual(
        Array(INSTANCES).fill('ok'),
      );
      const queues = await handles[0]!.executeSql('SELECT count(*)::int AS n FROM pgboss.queue WHERE name = $1', [
        RECONCILE_PAYMENTS,
      ]);
      expect(queues.rows[0].n).toBe(1);
    } finally {
      await Promise.all(started.map((jobs) => jobs.stop()));
      await Promise.all(handles.map((handle) => handle.close()));
      await onServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  });
});
