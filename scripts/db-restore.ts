// npm run db:restore -- <file> [--force] [--allow-unverified]: makes PGLITE_DIR the embedded
// database copied by npm run db:backup, once the copy has been checked against the manifest
// of checksums it carries and every table of it read. A folder that holds a database is
// replaced only with --force; a copy without a manifest (made by an older release) is
// restored only with --allow-unverified. Stop the server first. A PostgreSQL server is
// restored with pg_restore (docs/reliability.md, "Backups").
import { parseArgs } from 'node:util';
import { restoreEmbeddedDatabase } from '@/lib/db/backup';
import { defaultDataDir } from '@/lib/db/client';
import { runDatabaseScript } from './db-script';

runDatabaseScript('restore', async () => {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean' }, 'allow-unverified': { type: 'boolean' } },
  });
  const file = positionals[0];
  if (!file) {
    console.error('Name the backup to restore: npm run db:restore -- <file> [--force] [--allow-unverified]');
    process.exit(2);
  }
  const dataDir = defaultDataDir();
  const options = { force: values.force, allowUnverified: values['allow-unverified'] };
  const { verified } = await restoreEmbeddedDatabase(file, dataDir, options);
  if (!verified) console.error(`Warning: ${file} has no manifest: its tables read, but its files were not checked.`);
  console.log(`Restored ${file} into ${dataDir}.`);
});
