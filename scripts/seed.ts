// npm run db:seed: migrates the configured database and adds the demo data.
import { getDatabaseHandle } from '@/lib/db/client';
import { migrateDatabase } from '@/lib/db/migrate';
import { seedDemoData } from '@/lib/demo/seed';

async function main() {
  const handle = getDatabaseHandle();
  await migrateDatabase(handle);
  const { seeded } = await seedDemoData(handle.db);
  console.log(seeded ? 'Demo data added.' : 'Demo users already exist: nothing to do.');
  await handle.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
