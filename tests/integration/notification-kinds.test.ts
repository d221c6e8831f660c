import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { isCheckViolation } from '@/lib/db/errors';
import { NOTIFICATION_KINDS } from '@/lib/domain/notifications';
import { notifications } from '@/models';
import { createUser } from '../factories';
import { useTestDatabase } from '../helpers/db';

useTestDatabase();

// Queries write kinds in SQL, where TypeScript cannot see them: the table itself holds them
// to NOTIFICATION_KINDS.
const insertKind = (recipientId: string, kind: string) =>
  db().execute(sql`
    insert into ${notifications} (recipient_id, kind, text, link)
    values (${recipientId}, ${kind}, 'Something happened', '/')`);

describe('notification kinds in the database', () => {
  it('takes every kind of the list', async () => {
    const recipient = await createUser();
    for (const kind of NOTIFICATION_KINDS) await insertKind(recipient.id, kind);
    const stored = await db().select({ kind: notifications.kind }).from(notifications);
    expect(stored.map((row) => row.kind).sort()).toEqual([...NOTIFICATION_KINDS].sort());
  });

  it('refuses a kind that is not in the list, and one that differs only in case', async () => {
    const recipient = await createUser();
    for (const kind of ['member_left', 'Member_Joined', '']) {
      const error = await insertKind(recipient.id, kind).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect({ kind, refused: isCheckViolation(error) }).toEqual({ kind, refused: true });
    }
    expect(await db().select().from(notifications)).toEqual([]);
  });
});
