import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The name every shared database of this run starts with (tests/helpers/db.ts). */
    sharedDatabasePrefix: string;
  }
}

/**
 * Names this run's shared databases and, on a PostgreSQL server, drops them when the run
 * ends, so runs side by side never meet and none leaves a database behind.
 */
export default function setup(project: TestProject) {
  const prefix = `envolve_run_${Date.now()}_${randomBytes(3).toString('hex')}`;
  project.provide('sharedDatabasePrefix', prefix);
  return async () => {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) return;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE starts_with(datname, $1)`,
        [prefix],
      );
      for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  };
}
