import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword } from '@/lib/users/password';
import { db } from '@/lib/db/client';
import { toErrorResponse } from '@/lib/http/errors';
import { redirectLogs } from '@/lib/log';
import { envolvements, users } from '@/models';
import { buildEnvolvement, createUser } from '../factories';
import { useTestDatabase } from '../helpers/db';

// A failed insert reaches the log through toErrorResponse, as in a route; the line must
// say which constraint failed and nothing of the row: no e-mail, no hash, no parameters.
useTestDatabase();

const GENERIC_500 = { error: 'Something went wrong. Please try again later.', code: 'internal' };

let restore: (() => void) | undefined;
afterEach(() => restore?.());

async function logOf(failing: Promise<unknown>) {
  const error = await failing.then(
    () => expect.unreachable('the statement should fail'),
    (caught: unknown) => caught,
  );
  const lines: string[] = [];
  restore = redirectLogs({ write: (line) => void lines.push(line) });
  const response = toErrorResponse(error);
  expect(response.status).toBe(500);
  expect(await response.json()).toEqual(GENERIC_500);
  expect(lines).toHaveLength(1);
  return {
    raw: lines[0]!,
    line: JSON.parse(lines[0]!) as { level: string; scope: string; msg: string; err: Record<string, unknown> },
  };
}

function expectNothingOfTheRow(raw: string, email: string) {
  expect(raw).not.toContain(email);
  expect(raw).not.toContain(email.split('@')[0]);
  expect(raw).not.toContain('scrypt$');
  expect(raw).not.toContain('params');
  expect(raw).not.toContain('Failing row');
  expect(raw).not.toContain('Key (');
}

describe('logging a failed statement', () => {
  it('names the unique constraint of a duplicate e-mail, not the e-mail or the hash', async () => {
    const email = `dup-${randomUUID().slice(0, 8)}@example.com`;
    const passwordHash = await hashPassword('correct horse battery staple');
    const row = (id: string) => ({ id, email, name: 'Ada', nickname: 'ada', passwordHash });
    await db()
      .insert(users)
      .values(row(`local|${randomUUID()}`));

    const { raw, line } = await logOf(
      db()
        .insert(users)
        .values(row(`local|${randomUUID()}`)),
    );
    expect(line).toMatchObject({ level: 'error', scope: 'api', msg: 'database error 23505' });
    expect(line.err).toMatchObject({
      type: 'DatabaseError',
      code: '23505',
      constraint: 'users_email_unique',
      table: 'users',
    });
    expect(line.err.query).toMatch(/^insert into "users" .* values \(\$1, \$2/);
    expect(Object.keys(line.err).sort()).toEqual(['code', 'constraint', 'query', 'routine', 'stack', 'table', 'type']);
    expectNothingOfTheRow(raw, email);
    expect(raw).not.toContain(passwordHash.split('$')[5]);
  });

  it('names the column of a NOT NULL violation', async () => {
    const email = `nameless-${randomUUID().slice(0, 8)}@example.com`;
    const failing = db().execute(
      sql`insert into users (id, email, name, nickname, password_hash) values (${`local|${randomUUID()}`}, ${email}, null, 'x', ${'scrypt$16384$8$1$c2FsdA==$a2V5'})`,
    );
    const { raw, line } = await logOf(failing);
    expect(line.err).toMatchObject({ type: 'DatabaseError', code: '23502', table: 'users', column: 'name' });
    expectNothingOfTheRow(raw, email);
  });

  it('names the check constraint that a row broke', async () => {
    const creator = await createUser();
    const email = `owner-${randomUUID().slice(0, 8)}@example.com`;
    const title = `Write to ${email} ${'x'.repeat(200)}`;
    const { raw, line } = await logOf(db().insert(envolvements).values(buildEnvolvement(creator.id, { title })));
    expect(line.err).toMatchObject({
      type: 'DatabaseError',
      code: '23514',
      table: 'envolvements',
      constraint: 'envolvements_title_length',
    });
    expectNothingOfTheRow(raw, email);
    expect(raw).not.toContain(creator.email);
  });
});
