import 'server-only';
import path from 'node:path';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { DatabaseHandle } from './client';

export const MIGRATIONS_FOLDER = path.join(/*turbopackIgnore: true*/ process.cwd(), 'drizzle');

export async function migrateDatabase(handle: DatabaseHandle, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> {
  // Both migrators take the same drizzle instance shape; the kind picks the driver.
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as never, { migrationsFolder });
  } else {
    await migratePg(handle.db as never, { migrationsFolder });
  }
}
