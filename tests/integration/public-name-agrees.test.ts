import { asc, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { rows } from '@/lib/db/rows';
import { containsEmailAddress, publicName } from '@/lib/domain/public-name';
import { containsEmailAddressSql, publicNameSql } from '@/lib/users/public-name-sql';
import { users } from '@/models';
import { useTestDatabase } from '../helpers/db';
import { createUser } from '../factories';

useTestDatabase();

const HANDLE = 'the_handle';
const ASTRAL_STEP = 97;

// Each name, and what both twins must show for it (HANDLE: the handle instead).
const CASES: Array<{ case: string; name: string; shown: string }> = [
  { case: 'plain', name: 'Maya Chen', shown: 'Maya Chen' },
  { case: 'empty', name: '', shown: HANDLE },
  { case: 'spaces only', name: '   ', shown: HANDLE },
  { case: 'tabs and line breaks only', name: '\t\n\r\v\f ', shown: HANDLE },
  { case: 'Unicode spaces only', name: '\u00a0\u2003\u3000\ufeff\u2028', shown: HANDLE },
  { case: 'trailing space', name: 'Maya ', shown: 'Maya' },
  { case: 'Unicode spaces around', name: '\u00a0Maya Chen\u3000', shown: 'Maya Chen' },
  { case: 'spaces inside kept', name: 'Maya  Chen', shown: 'Maya  Chen' },
  { case: 'line break inside kept', name: 'Maya\nChen', shown: 'Maya\nChen' },
  { case: 'an e-mail address', name: 'maya@example.com', shown: HANDLE },
  { case: 'an address padded with spaces', name: '  maya@example.com ', shown: HANDLE },
  { case: 'an address inside other words', name: 'Maya (write to maya@example.com) Chen', shown: HANDLE },
  { case: 'an address on a second line', name: 'Maya\nmaya@example.com', shown: HANDLE },
  { case: 'the shortest address', name: 'a@b.c', shown: HANDLE },
  { case: 'two @', name: 'a@b@c.d', shown: HANDLE },
  { case: 'an accented address', name: 'josé@correo.es', shown: HANDLE },
  { case: 'an address of emoji', name: '😀@😀.😀', shown: HANDLE },
  { case: 'a zero-width space is no space', name: 'maya\u200b@example.com', shown: HANDLE },
  { case: '@ without a dot', name: 'maya@home', shown: 'maya@home' },
  { case: '@ first', name: '@mayacreates', shown: '@mayacreates' },
  { case: 'a dot only before the @', name: 'maya.chen@home', shown: 'maya.chen@home' },
  { case: 'nothing between @ and dot', name: 'maya@.com', shown: 'maya@.com' },
  { case: 'nothing after the dot', name: 'maya@example.', shown: 'maya@example.' },
  { case: 'spaces around the @', name: 'maya @ example.com', shown: 'maya @ example.com' },
  { case: 'a no-break space before the @', name: 'maya\u00a0@example.com', shown: 'maya\u00a0@example.com' },
  { case: 'an ideographic space after the dot', name: 'maya@example.\u3000com', shown: 'maya@example.\u3000com' },
  { case: 'a full-width @', name: 'maya＠example.com', shown: 'maya＠example.com' },
  { case: 'accents', name: 'Inès Duarte', shown: 'Inès Duarte' },
  { case: 'Chinese', name: '张伟', shown: '张伟' },
  { case: 'an emoji', name: 'Zoë 🎨', shown: 'Zoë 🎨' },
  // Spaces to some locales, not to JavaScript: kept.
  { case: 'next-line and zero-width space at the ends', name: '\u0085Maya\u200b', shown: '\u0085Maya\u200b' },
];

async function insertCases() {
  const byId = new Map<string, (typeof CASES)[number]>();
  for (const [n, c] of CASES.entries()) byId.set((await createUser({ name: c.name, nickname: `${HANDLE}${n}` })).id, c);
  return byId;
}

// The handle each row was given stands for HANDLE in the expected answer.
const expected = (c: (typeof CASES)[number], nickname: string) => (c.shown === HANDLE ? nickname : c.shown);

describe('publicNameSql and publicName agree row by row', () => {
  it('shows each name as the rule says, in both languages', async () => {
    const cases = await insertCases();
    const found = await db()
      .select({
        id: users.id,
        name: users.name,
        nickname: users.nickname,
        shown: sql<string>`${publicNameSql()}`,
        holdsEmail: sql<boolean>`${containsEmailAddressSql(users.name)}`,
      })
      .from(users)
      .where(inArray(users.id, [...cases.keys()]))
      .orderBy(asc(users.nickname));
    expect(found).toHaveLength(CASES.length);
    for (const row of found) {
      const c = cases.get(row.id)!;
      const want = { case: c.case, shown: expected(c, row.nickname) };
      expect({ case: c.case, shown: row.shown }).toEqual(want);
      expect({ case: c.case, shown: publicName(row) }).toEqual(want);
      expect({ case: c.case, holdsEmail: row.holdsEmail }).toEqual({
        case: c.case,
        holdsEmail: containsEmailAddress(row.name),
      });
    }
  });

  it('reads the same names through an alias, and none where a left join found no one', async () => {
    const cases = await insertCases();
    const u = alias(users, 'u');
    const found = await rows<{ id: string; nickname: string; shown: string }>(
      sql`select u.id, u.nickname, ${publicNameSql(u)} as shown from ${users} u`,
    );
    expect(Object.fromEntries(found.map((r) => [r.id, r.shown]))).toEqual(
      Object.fromEntries(found.map((r) => [r.id, expected(cases.get(r.id)!, r.nickname)])),
    );
    const [missing] = await rows<{ shown: string | null }>(
      sql`select ${publicNameSql(u)} as shown from (select 1) as one left join ${users} u on false`,
    );
    expect(missing).toEqual({ shown: null });
  });

  it('agrees on each character: which ones trim, and which ones break an address', async () => {
    // A character c in each place the rule looks at: around the name, then before the @,
    // after it, and after the dot of an address. Only the characters that are not like a
    // letter there are listed; both languages must list the same. Every character of the
    // Basic Multilingual Plane (every space of either language is there), then one in
    // ASTRAL_STEP of the planes above: all of them took PGlite 19 s.
    const odd = (c: { trims: boolean; before: boolean; after: boolean; last: boolean }) =>
      c.trims || !c.before || !c.after || !c.last;
    const u = alias(users, 'u');
    const found = await rows<{ cp: number; trims: boolean; before: boolean; after: boolean; last: boolean }>(sql`
      select * from (
        select u.cp, ${publicNameSql(u)} = 'x' as trims,
          ${containsEmailAddressSql(sql`'a' || u.c || '@b.c'`)} as before,
          ${containsEmailAddressSql(sql`'a@' || u.c || 'b.c'`)} as after,
          ${containsEmailAddressSql(sql`'a@b.' || u.c`)} as last
        from (
          select cp, chr(cp) as c, chr(cp) || 'x' || chr(cp) as name, 'h' as nickname
          from (
            select cp from generate_series(1, 65535) as cp where cp < 55296 or cp > 57343
            union all select cp from generate_series(65536, 1114111, ${ASTRAL_STEP}::int) as cp
          ) as cps
        ) as u
      ) as answers
      where ${sql.raw('trims or not (before and after and last)')}
      order by cp`);
    const inTypeScript = [];
    for (let cp = 1; cp <= 0x10ffff; cp += cp < 0x10000 ? 1 : ASTRAL_STEP) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const c = String.fromCodePoint(cp);
      const answers = {
        cp,
        trims: publicName({ name: `${c}x${c}`, nickname: 'h' }) === 'x',
        before: containsEmailAddress(`a${c}@b.c`),
        after: containsEmailAddress(`a@${c}b.c`),
        last: containsEmailAddress(`a@b.${c}`),
      };
      if (odd(answers)) inTypeScript.push(answers);
    }
    expect(found).toEqual(inTypeScript);
    // The 25 spaces of JavaScript, and the @.
    expect(found.map((r) => r.cp)).toHaveLength(26);
  });

  it('a deleted account, with no handle, shows as its name', async () => {
    const { id } = await createUser({ name: 'Deleted member', nickname: '' });
    const [row] = await db()
      .select({ shown: sql<string>`${publicNameSql()}` })
      .from(users)
      .where(inArray(users.id, [id]));
    expect(row).toEqual({ shown: publicName({ name: 'Deleted member', nickname: '' }) });
    expect(row).toEqual({ shown: 'Deleted member' });
  });
});
