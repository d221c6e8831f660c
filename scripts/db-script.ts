// What db:backup and db:restore share: they work on the embedded database only, and a refusal
// the operator can act on is said in one line, without a stack trace.
import { BackupRefusedError } from '@/lib/db/backup-archive';
import { DatabaseInUseError } from '@/lib/db/lock';

export function runDatabaseScript(action: string, run: () => Promise<void>): void {
  if (process.env.DATABASE_URL) {
    console.error(
      `DATABASE_URL is set: ${action} the PostgreSQL server with pg_dump -Fc and pg_restore ` +
        '(docs/reliability.md, "Backups").',
    );
    process.exit(2);
  }
  run().catch((error: unknown) => {
    const refused = error instanceof BackupRefusedError || error instanceof DatabaseInUseError;
    console.error(refused ? `Cannot ${action}: ${error.message}` : error);
    process.exit(1);
  });
}
