// A process of its own on the embedded database in PGLITE_DIR, opened the way the app opens
// it (lib/db/client.ts), for the tests that need a second process or a kill -9. It talks to
// the test over stdin and stdout, one line at a time:
//   hold     says "ready", then answers each "join <email>" (a newsletter sign-up) with
//            "joined <how many signed up>",
//            and closes the database when stdin ends.
//   publish  makes drafts, says "ready", publishes them from four writers at once and prints
//            each id once its publish has resolved, until it is killed.
import { randomUUID } from 'node:crypto';
import readline from 'node:readline';
import { count } from 'drizzle-orm';
import { getDatabaseHandle, type DatabaseHandle } from '@/lib/db/client';
import { migrateDatabase } from '@/lib/db/migrate';
import { envolvements, newsletterSubscribers, users } from '@/models';

export type ChildMode = 'hold' | 'publish';

const DRAFTS = 400;
const WRITERS = 4;

// Each mode loads only the services it uses: every process started costs the test its imports.
async function hold(handle: DatabaseHandle): Promise<void> {
  const { subscribeToNewsletter } = await import('@/lib/newsletter/service');
  console.log('ready');
  for await (const line of readline.createInterface({ input: process.stdin })) {
    const [command, email] = line.split(' ');
    if (command !== 'join' || !email) continue;
    await subscribeToNewsletter(email);
    const [row] = await handle.db.select({ n: count() }).from(newsletterSubscribers);
    console.log(`joined ${row!.n}`);
  }
  await handle.close();
}

async function publish(handle: DatabaseHandle): Promise<void> {
  const { setEnvolvementActive } = await import('@/lib/creator/envolvements');
  const viewer = {
    id: `local|${randomUUID()}`,
    name: 'Crash',
    nickname: `crash${Date.now()}`,
    picture: null,
    email: null,
    emailVerified: false,
    handleChosen: true,
  };
  await handle.db.insert(users).values({ id: viewer.id, name: viewer.name, nickname: viewer.nickname });
  const draft = (i: number) => ({
    creatorId: viewer.id,
    title: `Draft ${i}`,
    previewText: 'Not yet published',
    categories: ['Gaming'],
  });
  const drafts = await handle.db
    .insert(envolvements)
    .values(Array.from({ length: DRAFTS }, (_, i) => draft(i)))
    .returning({ id: envolvements.id });
  // Checkpointed, like an envolvement made long before its creator publishes it.
  await handle.executeSql('CHECKPOINT');
  console.log('ready');
  const queue = drafts.map((row) => row.id);
  const writer = async () => {
    for (let id = queue.shift(); id; id = queue.shift()) {
      await setEnvolvementActive(viewer, id, true);
      process.stdout.write(`${id}\n`);
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, writer));
}

async function main(): Promise<void> {
  const handle = getDatabaseHandle();
  await migrateDatabase(handle);
  const mode = process.argv[2] as ChildMode;
  await (mode === 'publish' ? publish(handle) : hold(handle));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
