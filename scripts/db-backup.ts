// npm run db:backup [-- <file>] [--force]: copies the embedded database (PGLITE_DIR) to a file,
// by default backups/pglite-<time>.tar.gz beside the database folder, with a manifest of the
// checksums of its files that npm run db:restore checks. Stop the server first:
// only one process can open the database. A PostgreSQL server is backed up with pg_dump
// (docs/reliability.md, "Backups").
import path from 'node:path';
import { parseArgs } from 'node:util';
import { backupEmbeddedDatabase } from '@/lib/db/backup';
import { defaultDataDir } from '@/lib/db/client';
import { runDatabaseScript } from './db-script';

runDatabaseScript('back up', async () => {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { force: { type: 'boolean' } } });
  const dataDir = defaultDataDir();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = positionals[0] ?? path.join(path.dirname(dataDir), 'backups', `pglite-${stamp}.tar.gz`);
  const bytes = await backupEmbeddedDatabase(dataDir, file, { force: values.force });
  console.log(`Backed up ${dataDir} to ${file} (${Math.ceil(bytes / 1024)} KB).`);
});
