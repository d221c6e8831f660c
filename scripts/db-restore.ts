// npm run db:restore -- <file> [--force]: makes PGLITE_DIR the embedded database copied by
// npm run db:backup. A folder that holds a database is replaced only with --force. Stop the
// server first. A PostgreSQL server is restored with pg_restore (docs/reliability.md, "Backups").
import { parseArgs } from 'node:util';
import { restoreEmbeddedDatabase } from '@/lib/db/backup';
import { defaultDataDir } from '@/lib/db/client';
import { runDatabaseScript } from './db-script';

runDatabaseScript('restore', async () => {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { force: { type: 'boolean' } } });
  const file = positionals[0];
  if (!file) {
    console.error('Name the backup to restore: npm run db:restore -- <file> [--force]');
    process.exit(2);
  }
  const dataDir = defaultDataDir();
  await restoreEmbeddedDatabase(file, dataDir, { force: values.force });
  console.log(`Restored ${file} into ${dataDir}.`);
});
