import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '@/lib/db/client';
import { MIGRATIONS_FOLDER, migrateDatabase } from '@/lib/db/migrate';
import { HANDLE_PATTERN } from '@/lib/domain/accounts';
import { RESERVED_HANDLES } from '@/lib/domain/handles';

// The accounts migration gives every handle that came from an e-mail, breaks the handle
// rules, is reserved or repeats an older account's (without case) a neutral one: the name
// and four digits, marked as given by the site. A database is migrated up to the migration
// before it, filled with accounts as they were then, and migrated the rest of the way.

const ACCOUNTS_MIGRATION = '0009_accounts';

type Journal = { entries: Array<{ tag: string }> };

/** A copy of the migrations folder whose journal stops before the accounts migration. */
function foldersBeforeAccounts(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'envolve-migrations-'));
  fs.cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const file = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(file, 'utf8')) as Journal;
  const cut = journal.entries.findIndex((entry) => entry.tag === ACCOUNTS_MIGRATION);
  expect(cut).toBeGreaterThan(0);
  fs.writeFileSync(file, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  return dir;
}

type Legacy = { id: string; email: string | null; name: string; nickname: string };

// Accounts as the site made them before: the handle was the e-mail's local part, or the
// identity provider's nickname. Listed oldest first.
const LEGACY: Legacy[] = [
  { id: 'local|ada', email: 'ada@example.com', name: 'Ada Lovelace', nickname: 'ada' },
  { id: 'local|sam-lower', email: 'sam@one.example', name: 'Sam Stone', nickname: 'sam' },
  { id: 'local|sam-upper', email: 'SAM@two.example', name: 'Samuel Stone', nickname: 'SAM' },
  { id: 'local|boss', email: 'boss@example.com', name: 'The Boss', nickname: 'admin' },
  { id: 'local|grace', email: 'grace.hopper@example.com', name: 'Grace Hopper', nickname: 'grace.hopper' },
  { id: 'oidc|owl', email: 'owl@example.com', name: 'Night Owl', nickname: 'night_owl' },
  { id: 'oidc|star-first', email: 'first@example.com', name: 'Star Gazer', nickname: 'stargazer' },
  { id: 'oidc|star-second', email: 'second@example.com', name: 'Another Gazer', nickname: 'StarGazer' },
  { id: 'oidc|bob', email: null, name: 'Bob Brown', nickname: 'Bob Brown' },
  { id: 'oidc|li', email: 'li@example.com', name: '李雷', nickname: 'li' },
  { id: 'oidc|nomail', email: null, name: 'Quiet Person', nickname: 'quiet_person' },
];

// Those whose handle stays: not from their e-mail, well-formed, not reserved, the oldest of its spelling.
const KEPT = new Set(['oidc|owl', 'oidc|star-first', 'oidc|nomail']);

/** The stem a name gives in the migration: its letters and digits, lower case, joined by underscores. */
const stemOf = (name: string) => {
  const stem = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 20);
  return stem.length >= 3 ? stem : 'member';
};

describe('the accounts migration', () => {
  let handle: DatabaseHandle;
  let folder: string;
  let after: Array<{ id: string; nickname: string; handle_chosen: boolean; email: string | null }>;

  beforeAll(async () => {
    folder = foldersBeforeAccounts();
    handle = openDatabase({ dataDir: 'memory' });
    await migrateDatabase(handle, folder);
    // One statement per account, a second apart: "older" is by creation time.
    for (const [n, user] of LEGACY.entries()) {
      await handle.executeSql(
        `insert into users (id, email, name, nickname, created_at) values ($1, $2, $3, $4, now() - make_interval(secs => $5))`,
        [user.id, user.email, user.name, user.nickname, LEGACY.length - n],
      );
    }
    await migrateDatabase(handle, MIGRATIONS_FOLDER);
    after = (await handle.executeSql('select id, nickname, handle_chosen, email from users order by created_at'))
      .rows as typeof after;
  });

  afterAll(async () => {
    await handle?.close();
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  });

  const rowOf = (id: string) => after.find((row) => row.id === id)!;

  it('keeps every account, and leaves a handle that breaks no rule as it was, chosen', () => {
    expect(after.map((row) => row.id)).toEqual(LEGACY.map((user) => user.id));
    for (const id of KEPT) {
      const before = LEGACY.find((user) => user.id === id)!;
      expect(rowOf(id), id).toEqual({ id, nickname: before.nickname, handle_chosen: true, email: before.email });
    }
  });

  it('gives every other account its name and four digits, marked as given by the site', () => {
    for (const user of LEGACY.filter((u) => !KEPT.has(u.id))) {
      const row = rowOf(user.id);
      expect(row.handle_chosen, user.id).toBe(false);
      expect(row.nickname, user.id).toMatch(new RegExp(`^${stemOf(user.name)}_[0-9]{4}$`));
    }
    // Each reason on its own: from the e-mail (of either case), dots, reserved, a space, a repeat.
    expect(rowOf('local|ada').nickname).toMatch(/^ada_lovelace_[0-9]{4}$/);
    expect(rowOf('local|sam-upper').nickname).toMatch(/^samuel_stone_[0-9]{4}$/);
    expect(rowOf('local|boss').nickname).toMatch(/^the_boss_[0-9]{4}$/);
    expect(rowOf('local|grace').nickname).toMatch(/^grace_hopper_[0-9]{4}$/);
    expect(rowOf('oidc|bob').nickname).toMatch(/^bob_brown_[0-9]{4}$/);
    expect(rowOf('oidc|star-second').nickname).toMatch(/^another_gazer_[0-9]{4}$/);
    expect(rowOf('oidc|li').nickname).toMatch(/^member_[0-9]{4}$/);
  });

  it('leaves no handle that breaks the rules, and none twice in any case', () => {
    for (const row of after) {
      expect(row.nickname, row.id).toMatch(HANDLE_PATTERN);
      expect(RESERVED_HANDLES.has(row.nickname.toLowerCase()), row.id).toBe(false);
      // Nothing public is left that was the e-mail's local part.
      if (row.email) expect(row.nickname.toLowerCase(), row.id).not.toBe(row.email.split('@')[0]!.toLowerCase());
    }
    const lower = after.map((row) => row.nickname.toLowerCase());
    expect(new Set(lower).size).toBe(lower.length);
  });

  it('holds handles unique without case from now on', async () => {
    await expect(
      handle.executeSql(`insert into users (id, name, nickname) values ('local|copy', 'Copy', 'NIGHT_OWL')`),
    ).rejects.toMatchObject({ code: '23505' });
    // An account deleted keeps no handle: several may hold the empty one.
    await handle.executeSql(
      `insert into users (id, name, nickname, deleted_at) values ('deleted|1', 'Deleted member', '', now()), ('deleted|2', 'Deleted member', '', now())`,
    );
  });

  it('starts every profile empty', async () => {
    const { rows } = await handle.executeSql(
      `select count(*)::int as n from users where bio is null and links = '[]'::jsonb and deleted_at is null and id not like 'deleted|%'`,
    );
    expect(rows[0]).toEqual({ n: LEGACY.length });
  });
});
