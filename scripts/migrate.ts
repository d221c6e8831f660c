// npm run db:migrate: applies the committed migrations to the configured database.
import { getDatabaseHandle } from '@/lib/db/client';
import { migrateDatabase } from '@/lib/db/migrate';

async function main() {
  const handle = getDatabaseHandle();
  await migrateDatabase(handle);
  console.log('Migrations applied.');
  await handle.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
