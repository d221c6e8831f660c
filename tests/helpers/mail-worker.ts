// A mail worker in a process of its own, for the test that kills one mid-send
// (tests/integration/email-delivery.test.ts): delivers what is due in the outbox of
// DATABASE_URL through SMTP_URL, prints its report as one JSON line and exits.
//
// Run with `node --import tsx tests/helpers/mail-worker.ts`, resolving packages as the
// tests do (vitest.config.ts), not with --conditions=react-server as scripts/*.ts run:
// under that condition `react-dom/server`, which renders the e-mail, refuses to load
// ("react-dom/server is not supported in React Server Components"). Like the tests, it
// gives `server-only` an empty module instead of the one that throws outside a bundle.
import Module, { createRequire } from 'node:module';
import path from 'node:path';

const fromRoot = createRequire(path.join(process.cwd(), 'package.json'));
const serverOnly = fromRoot.resolve('server-only');
const empty = new Module(serverOnly);
empty.filename = serverOnly;
empty.loaded = true;
empty.exports = {};
fromRoot.cache[serverOnly] = empty;

async function main() {
  if (!process.env.DATABASE_URL || !process.env.SMTP_URL) throw new Error('DATABASE_URL and SMTP_URL must be set');
  // Imported once `server-only` is in place.
  const { getDatabaseHandle } = await import('@/lib/db/client');
  const { deliverDueEmails } = await import('@/lib/notifications/deliver');
  const handle = getDatabaseHandle();
  const report = await deliverDueEmails();
  console.log(JSON.stringify(report));
  await handle.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
