import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { RATE_LIMITS } from '@/lib/rate-limit';
import { comments, envolvements, notifications, posts, purchases } from '@/models';
import { createEnvolvement, createPurchase, createUser, type TestUser } from '../factories';
import { useTestDatabase } from '../helpers/db';
import { toldColumns } from '../helpers/notifications';
import { call } from '../helpers/http';

useTestDatabase();

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const LOCKED = { error: 'Please purchase access to view the full content', code: 'forbidden' };
const OFF = { error: 'Comments are turned off for this envolvement.', code: 'conflict' };
const GONE = { error: 'This envolvement was removed by its creator.', code: 'gone' };
const COMMENT_NOT_FOUND = { error: 'Comment not found', code: 'not_found' };

async function createUpdate(envolvementId: string, authorId: string, title = 'Kick-off') {
  const [row] = await db()
    .insert(posts)
    .values({ envolvementId, authorId, kind: 'update', title, description: 'We start Friday' })
    .returning();
  return row!;
}

/** A creator's envolvement with comments on, one update, two members and a stranger. */
async function setup(overrides: Parameters<typeof createEnvolvement>[1] = {}) {
  const creator = await createUser({ name: 'Mia Maker', nickname: 'maker' });
  const member = await createUser({ name: 'Fay Fan', nickname: 'fan' });
  const other = await createUser({ name: 'Bo Buddy', nickname: 'buddy' });
  const stranger = await createUser();
  const envolvement = await createEnvolvement(creator.id, { commentsAllowed: true, ...overrides });
  await createPurchase(envolvement.id, member.id);
  await createPurchase(envolvement.id, other.id);
  const update = await createUpdate(envolvement.id, creator.id);
  const path = `/api/post/${envolvement.id}/updates/${update.id}/comments`;
  const post = (as: TestUser | null, json: unknown) => call('POST', path, { as, json });
  const list = (as: TestUser | null, cursor?: string) =>
    call('GET', cursor ? `${path}?cursor=${encodeURIComponent(cursor)}` : path, { as });
  return { creator, member, other, stranger, envolvement, update, path, post, list };
}

const patch = (as: TestUser | null, id: string, json: unknown) => call('PATCH', `/api/comments/${id}`, { as, json });
const remove = (as: TestUser | null, id: string) => call('DELETE', `/api/comments/${id}`, { as });

const storedComments = () => db().select().from(comments).orderBy(asc(comments.createdAt), asc(comments.id));
const storedNotifications = () => db().select(toldColumns).from(notifications).orderBy(asc(notifications.kind));

function author(user: TestUser) {
  return { id: user.id, name: user.name, nickname: user.nickname, picture: null };
}

describe('comments: who may read and write them', () => {
  it('lets the creator and members comment and read, answering the whole comment', async () => {
    const { creator, member, update, post, list } = await setup();
    const mine = await post(member, { body: '  Count me in!\nSee you Friday.  ' });
    expect(mine.status).toBe(201);
    expect(mine.body).toEqual({
      id: expect.any(String),
      postId: update.id,
      parentId: null,
      body: 'Count me in!\nSee you Friday.',
      author: author(member),
      createdAt: expect.any(String),
      editedAt: null,
      removed: false,
      mine: true,
      canDelete: true,
      replies: [],
    });
    const theirs = await post(creator, { body: 'Welcome!' });
    expect(theirs.status).toBe(201);

    const asMember = await list(member);
    expect(asMember.status).toBe(200);
    expect(asMember.body).toEqual({
      items: [mine.body, { ...theirs.body, mine: false, canDelete: false }],
      nextCursor: null,
    });
    const asCreator = await list(creator);
    expect(asCreator.body.items).toEqual([
      { ...mine.body, mine: false, canDelete: true },
      { ...theirs.body, mine: true, canDelete: true },
    ]);
  });

  it('refuses visitors (401), strangers and refunded members (403), and changes nothing', async () => {
    const { member, stranger, post, list } = await setup();
    await post(member, { body: 'First' });
    const [comment] = await storedComments();
    expect(await post(null, { body: 'Hi' })).toMatchObject({
      status: 401,
      body: { error: 'You must be signed in to do this.', code: 'unauthorized' },
    });
    expect((await list(null)).status).toBe(401);
    expect(await post(stranger, { body: 'Hi' })).toMatchObject({ status: 403, body: LOCKED });
    expect(await list(stranger)).toMatchObject({ status: 403, body: LOCKED });
    expect((await patch(null, comment!.id, { body: 'x' })).status).toBe(401);
    expect((await remove(null, comment!.id)).status).toBe(401);
    expect(await patch(stranger, comment!.id, { body: 'x' })).toMatchObject({ status: 403, body: LOCKED });
    expect(await remove(stranger, comment!.id)).toMatchObject({ status: 403, body: LOCKED });

    // A member whose money went back reads and writes no more, not even their own.
    await db()
      .update(purchases)
      .set({ endedAt: new Date(), endReason: 'refunded' })
      .where(eq(purchases.userId, member.id));
    expect(await list(member)).toMatchObject({ status: 403, body: LOCKED });
    expect(await post(member, { body: 'Again' })).toMatchObject({ status: 403, body: LOCKED });
    expect(await patch(member, comment!.id, { body: 'x' })).toMatchObject({ status: 403, body: LOCKED });
    expect(await remove(member, comment!.id)).toMatchObject({ status: 403, body: LOCKED });
    expect(await storedComments()).toEqual([comment]);
  });

  it('answers 409 everywhere when comments are turned off, and changes nothing', async () => {
    const { creator, member, envolvement, post, list } = await setup();
    const comment = (await post(member, { body: 'Before' })).body;
    await db().update(envolvements).set({ commentsAllowed: false }).where(eq(envolvements.id, envolvement.id));
    const before = await storedComments();
    for (const as of [creator, member]) {
      expect(await list(as)).toMatchObject({ status: 409, body: OFF });
      expect(await post(as, { body: 'Hi' })).toMatchObject({ status: 409, body: OFF });
      expect(await remove(as, comment.id)).toMatchObject({ status: 409, body: OFF });
    }
    expect(await patch(member, comment.id, { body: 'Edited' })).toMatchObject({ status: 409, body: OFF });
    expect(await storedComments()).toEqual(before);
  });

  it('keeps the comments of a removed envolvement readable and refuses every change (410)', async () => {
    const { creator, member, envolvement, post, list } = await setup();
    const comment = (await post(member, { body: 'Before' })).body;
    await db().update(envolvements).set({ archivedAt: new Date() }).where(eq(envolvements.id, envolvement.id));
    const before = await storedComments();
    const read = await list(member);
    expect(read.status).toBe(200);
    expect(read.body.items).toEqual([{ ...comment, canDelete: false }]);
    expect(await post(member, { body: 'Hi' })).toMatchObject({ status: 410, body: GONE });
    expect(await patch(member, comment.id, { body: 'Edited' })).toMatchObject({ status: 410, body: GONE });
    expect(await remove(member, comment.id)).toMatchObject({ status: 410, body: GONE });
    expect(await remove(creator, comment.id)).toMatchObject({ status: 410, body: GONE });
    expect(await storedComments()).toEqual(before);
  });

  it('answers 404 for unknown or malformed envolvements, updates and comments', async () => {
    const { creator, member, envolvement, update } = await setup();
    const elsewhere = await createEnvolvement(creator.id, { commentsAllowed: true });
    const otherUpdate = await createUpdate(elsewhere.id, creator.id);
    const cases: Array<[string, object]> = [
      [`/api/post/${UNKNOWN}/updates/${update.id}/comments`, { error: 'Envolvement not found', code: 'not_found' }],
      [`/api/post/nope/updates/${update.id}/comments`, { error: 'Envolvement not found', code: 'not_found' }],
      [`/api/post/${envolvement.id}/updates/${UNKNOWN}/comments`, { error: 'Update not found', code: 'not_found' }],
      [`/api/post/${envolvement.id}/updates/nope/comments`, { error: 'Update not found', code: 'not_found' }],
      // An update of another envolvement is not this one's.
      [
        `/api/post/${envolvement.id}/updates/${otherUpdate.id}/comments`,
        { error: 'Update not found', code: 'not_found' },
      ],
    ];
    for (const [path, body] of cases) {
      expect(await call('GET', path, { as: member })).toMatchObject({ status: 404, body });
      expect(await call('POST', path, { as: member, json: { body: 'Hi' } })).toMatchObject({ status: 404, body });
    }
    for (const id of [UNKNOWN, 'nope']) {
      expect(await patch(member, id, { body: 'x' })).toMatchObject({ status: 404, body: COMMENT_NOT_FOUND });
      expect(await remove(member, id)).toMatchObject({ status: 404, body: COMMENT_NOT_FOUND });
    }
    expect(await storedComments()).toEqual([]);
  });
});

describe('comments: what a comment may say', () => {
  it('takes 1 to 2,000 characters after trimming, in the text a textarea allows', async () => {
    const { member, post } = await setup();
    const required = {
      error: 'Write a comment first.',
      code: 'bad_request',
      fields: { body: 'Write a comment first.' },
    };
    expect(await post(member, { body: '' })).toEqual(expect.objectContaining({ status: 400, body: required }));
    expect(await post(member, { body: ' \n\t ' })).toEqual(expect.objectContaining({ status: 400, body: required }));
    expect(await post(member, {})).toEqual(expect.objectContaining({ status: 400, body: required }));
    const tooLong = 'A comment must be 2000 characters or fewer.';
    expect(await post(member, { body: 'x'.repeat(2001) })).toEqual(
      expect.objectContaining({
        status: 400,
        body: { error: tooLong, code: 'bad_request', fields: { body: tooLong } },
      }),
    );
    const control = 'Comment contains characters that are not allowed.';
    for (const body of ['bad\u0000byte', 'bell\u0007', 'lone \ud800 half', 'cr\ronly']) {
      expect(await post(member, { body })).toEqual(
        expect.objectContaining({
          status: 400,
          body: { error: control, code: 'bad_request', fields: { body: control } },
        }),
      );
    }
    expect(await post(member, { body: 5 })).toMatchObject({
      status: 400,
      body: { fields: { body: expect.any(String) } },
    });
    expect(await storedComments()).toEqual([]);

    const longest = await post(member, { body: ` ${'y'.repeat(2000)} ` });
    expect(longest.status).toBe(201);
    expect(longest.body.body).toBe('y'.repeat(2000));
    expect((await post(member, { body: 'Tabs\tand\r\nlines' })).status).toBe(201);
    expect(await storedComments()).toHaveLength(2);
  });

  it('holds edits to the same rules', async () => {
    const { member, post } = await setup();
    const comment = (await post(member, { body: 'Original' })).body;
    expect((await patch(member, comment.id, { body: '  ' })).status).toBe(400);
    expect((await patch(member, comment.id, { body: 'z'.repeat(2001) })).status).toBe(400);
    expect((await patch(member, comment.id, { body: 'nul\u0000' })).status).toBe(400);
    expect((await storedComments())[0]).toMatchObject({ body: 'Original', editedAt: null });
    const edited = await patch(member, comment.id, { body: 'z'.repeat(2000) });
    expect(edited.status).toBe(200);
    expect(edited.body.body).toBe('z'.repeat(2000));
  });
});

describe('comments: replies', () => {
  it('answers a comment one level deep, listed under it oldest first', async () => {
    const { creator, member, other, update, post, list } = await setup();
    const parent = (await post(member, { body: 'Question?' })).body;
    const first = await post(creator, { body: 'Answer', parentId: parent.id });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(String),
      postId: update.id,
      parentId: parent.id,
      body: 'Answer',
      author: author(creator),
      createdAt: expect.any(String),
      editedAt: null,
      removed: false,
      mine: true,
      canDelete: true,
    });
    const second = (await post(other, { body: 'Same question', parentId: parent.id })).body;
    const later = (await post(other, { body: 'Another topic' })).body;
    const read = await list(member);
    expect(read.body.items.map((c: any) => [c.body, c.replies.map((r: any) => r.body)])).toEqual([
      ['Question?', ['Answer', 'Same question']],
      ['Another topic', []],
    ]);
    expect(read.body.items[0].replies).toEqual([
      { ...first.body, mine: false, canDelete: false },
      { ...second, mine: false, canDelete: false },
    ]);
    expect(later.replies).toEqual([]);
  });

  it('refuses a reply to a reply, to a comment on another update, to an unknown or removed one', async () => {
    const { creator, member, other, envolvement, post } = await setup();
    const parent = (await post(member, { body: 'Parent' })).body;
    const reply = (await post(other, { body: 'Reply', parentId: parent.id })).body;
    const nested = 'You can only reply to a comment, not to a reply.';
    expect(await post(member, { body: 'Deeper', parentId: reply.id })).toEqual(
      expect.objectContaining({
        status: 400,
        body: { error: nested, code: 'bad_request', fields: { parentId: nested } },
      }),
    );
    const otherUpdate = await createUpdate(envolvement.id, creator.id, 'Second update');
    const elsewhere = (
      await call('POST', `/api/post/${envolvement.id}/updates/${otherUpdate.id}/comments`, {
        as: member,
        json: { body: 'On the second update' },
      })
    ).body;
    const sameUpdate = 'You can only reply to a comment on the same update.';
    expect(await post(member, { body: 'Cross', parentId: elsewhere.id })).toEqual(
      expect.objectContaining({
        status: 400,
        body: { error: sameUpdate, code: 'bad_request', fields: { parentId: sameUpdate } },
      }),
    );
    expect(await post(member, { body: 'Lost', parentId: UNKNOWN })).toMatchObject({
      status: 404,
      body: COMMENT_NOT_FOUND,
    });
    const invalid = 'The comment to reply to is not valid.';
    expect(await post(member, { body: 'Bad', parentId: 'nope' })).toEqual(
      expect.objectContaining({
        status: 400,
        body: { error: invalid, code: 'bad_request', fields: { parentId: invalid } },
      }),
    );
    expect((await remove(member, parent.id)).body).toEqual({ deleted: true, id: parent.id, kept: true });
    expect(await post(other, { body: 'Late', parentId: parent.id })).toMatchObject({
      status: 409,
      body: { error: 'This comment was removed: it takes no more replies.', code: 'conflict' },
    });
    expect(await storedComments()).toHaveLength(3);
    expect(await db().select().from(notifications).where(eq(notifications.kind, 'comment_replied'))).toHaveLength(1);
  });
});

describe('comments: editing and deleting', () => {
  it('lets the author edit their own comment, and nobody else, the creator included', async () => {
    const { creator, member, other, post } = await setup();
    const comment = (await post(member, { body: 'Frist!' })).body;
    const edited = await patch(member, comment.id, { body: ' First! ' });
    expect(edited.status).toBe(200);
    expect(edited.body).toEqual({ ...comment, body: 'First!', editedAt: expect.any(String) });
    const mineOnly = { error: 'You can only edit your own comments.', code: 'forbidden' };
    expect(await patch(other, comment.id, { body: 'Hijack' })).toMatchObject({ status: 403, body: mineOnly });
    expect(await patch(creator, comment.id, { body: 'Hijack' })).toMatchObject({ status: 403, body: mineOnly });
    expect((await storedComments())[0]).toMatchObject({ body: 'First!', editedAt: expect.any(Date) });
  });

  it('deletes a comment without replies, and keeps one with replies as removed', async () => {
    const { member, other, post, list } = await setup();
    const alone = (await post(member, { body: 'Alone' })).body;
    const parent = (await post(member, { body: 'Has replies' })).body;
    const reply = (await post(other, { body: 'A reply', parentId: parent.id })).body;
    expect(await remove(member, alone.id)).toMatchObject({
      status: 200,
      body: { deleted: true, id: alone.id, kept: false },
    });
    expect(await remove(member, parent.id)).toMatchObject({
      status: 200,
      body: { deleted: true, id: parent.id, kept: true },
    });
    const read = await list(other);
    expect(read.body.items).toEqual([
      {
        ...parent,
        body: '',
        removed: true,
        mine: false,
        canDelete: false,
        replies: [{ ...reply, mine: true, canDelete: true }],
      },
    ]);
    // A removed comment cannot be edited or deleted again.
    expect(await patch(member, parent.id, { body: 'Back' })).toMatchObject({ status: 404, body: COMMENT_NOT_FOUND });
    expect(await remove(member, parent.id)).toMatchObject({ status: 404, body: COMMENT_NOT_FOUND });
    expect((await storedComments()).map((c) => [c.id, c.body, c.deletedAt !== null])).toEqual([
      [parent.id, '', true],
      [reply.id, 'A reply', false],
    ]);
    // With its last reply gone, the removed comment goes too.
    expect((await remove(other, reply.id)).body).toEqual({ deleted: true, id: reply.id, kept: false });
    expect(await storedComments()).toEqual([]);
    expect((await list(other)).body).toEqual({ items: [], nextCursor: null });
  });

  it("refuses to delete someone else's comment, but the creator removes any", async () => {
    const { creator, member, other, post } = await setup();
    const comment = (await post(member, { body: 'Mine' })).body;
    const reply = (await post(member, { body: 'Also mine', parentId: comment.id })).body;
    const notYours = { error: 'You can only delete your own comments.', code: 'forbidden' };
    expect(await remove(other, comment.id)).toMatchObject({ status: 403, body: notYours });
    expect(await remove(other, reply.id)).toMatchObject({ status: 403, body: notYours });
    expect(await storedComments()).toHaveLength(2);
    expect((await remove(creator, reply.id)).body).toEqual({ deleted: true, id: reply.id, kept: false });
    expect((await remove(creator, comment.id)).body).toEqual({ deleted: true, id: comment.id, kept: false });
    expect(await storedComments()).toEqual([]);
  });
});

describe('comments: pages', () => {
  it('pages 20 top-level comments at a time, each with all its replies, oldest first', async () => {
    const { member, other, envolvement, update, list } = await setup();
    // All 25 within one millisecond, a microsecond apart: the cursor must keep them apart.
    const top = await db()
      .insert(comments)
      .values(
        Array.from({ length: 25 }, (_, i) => ({
          envolvementId: envolvement.id,
          postId: update.id,
          authorId: member.id,
          body: `Comment ${i + 1}`,
          createdAt: sql`date_trunc('milliseconds', now()) - interval '1 minute' + ${i} * interval '1 microsecond'`,
        })),
      )
      .returning();
    const ordered = [...top].sort((a, b) => Number(a.body.slice(8)) - Number(b.body.slice(8)));
    const repliedTo = [ordered[0]!, ordered[19]!, ordered[20]!];
    for (const parent of repliedTo) {
      await db()
        .insert(comments)
        .values(
          [1, 2, 3].map((n) => ({
            envolvementId: envolvement.id,
            postId: update.id,
            parentId: parent.id,
            authorId: other.id,
            body: `Reply ${n} to ${parent.body}`,
            createdAt: new Date(Date.now() + n),
          })),
        );
    }
    const first = await list(member);
    expect(first.status).toBe(200);
    expect(first.body.items.map((c: any) => c.id)).toEqual(ordered.slice(0, 20).map((c) => c.id));
    expect(first.body.items[0].replies.map((r: any) => r.body)).toEqual(
      [1, 2, 3].map((n) => `Reply ${n} to ${ordered[0]!.body}`),
    );
    expect(first.body.items[19].replies).toHaveLength(3);
    expect(first.body.nextCursor).toEqual(expect.any(String));

    const second = await list(member, first.body.nextCursor);
    expect(second.body.items.map((c: any) => c.id)).toEqual(ordered.slice(20).map((c) => c.id));
    expect(second.body.items[0].replies).toHaveLength(3);
    expect(second.body.nextCursor).toBeNull();

    // The comment the cursor names is deleted meanwhile: the next page still starts after it.
    await db().delete(comments).where(eq(comments.id, ordered[19]!.id));
    expect((await list(member, first.body.nextCursor)).body).toEqual(second.body);

    for (const cursor of ['garbage', Buffer.from('2020-01-01|nope').toString('base64url')]) {
      expect(await list(member, cursor)).toMatchObject({ status: 400, body: { error: 'Invalid cursor' } });
    }
  });
});

describe('comments: notifications', () => {
  it('tells the creator of a comment, and the author of the comment answered of a reply, never the actor', async () => {
    const { creator, member, other, envolvement, update, post } = await setup();
    // The notification `recipient` is sent when `actor` writes `comment`, saying `text`.
    const told = (recipient: TestUser, actor: TestUser, kind: string, text: string, comment: { id: string }) => ({
      recipientId: recipient.id,
      actorId: actor.id,
      kind,
      envolvementId: envolvement.id,
      text,
      link: `/envolvement/${envolvement.id}?tab=activity#comment-${comment.id}`,
    });
    const fromMember = (await post(member, { body: 'Hello' })).body;
    expect(await storedNotifications()).toEqual([
      told(creator, member, 'comment_posted', `Fay Fan commented on ${update.title}`, fromMember),
    ]);

    await db().delete(notifications);
    const reply = (await post(other, { body: 'Hi!', parentId: fromMember.id })).body;
    expect(await storedNotifications()).toEqual([
      told(creator, other, 'comment_posted', `Bo Buddy commented on ${update.title}`, reply),
      told(member, other, 'comment_replied', `Bo Buddy replied to your comment on ${update.title}`, reply),
    ]);

    // The creator's own comment and reply tell the creator nothing; the member hears of the reply.
    await db().delete(notifications);
    const own = (await post(creator, { body: 'Thanks all' })).body;
    expect(await storedNotifications()).toEqual([]);
    const answer = (await post(creator, { body: 'Welcome', parentId: fromMember.id })).body;
    expect(await storedNotifications()).toEqual([
      told(member, creator, 'comment_replied', `Mia Maker replied to your comment on ${update.title}`, answer),
    ]);

    // A reply to the creator's comment: one notification for the creator, as a reply.
    await db().delete(notifications);
    const toCreator = (await post(member, { body: 'You are welcome', parentId: own.id })).body;
    expect(await storedNotifications()).toEqual([
      told(creator, member, 'comment_replied', `Fay Fan replied to your comment on ${update.title}`, toCreator),
    ]);

    // Answering one's own comment tells only the creator; edits and deletions tell nobody.
    await db().delete(notifications);
    await post(member, { body: 'PS', parentId: fromMember.id });
    await patch(member, fromMember.id, { body: 'Hello again' });
    await remove(creator, fromMember.id);
    expect((await storedNotifications()).map((n) => [n.recipientId, n.kind])).toEqual([[creator.id, 'comment_posted']]);
  });

  it('writes no notification for a refused comment', async () => {
    const { member, stranger, post } = await setup();
    const parent = (await post(member, { body: 'Parent' })).body;
    const reply = (await post(member, { body: 'Reply', parentId: parent.id })).body;
    await db().delete(notifications);
    await post(stranger, { body: 'Hi' });
    await post(member, { body: '' });
    await post(member, { body: 'Deeper', parentId: reply.id });
    expect(await storedNotifications()).toEqual([]);
  });
});

describe('comments: rate limit', () => {
  it('takes 30 comment writes per user in 10 minutes, then answers 429', async () => {
    const { member, other, post } = await setup();
    const { points } = RATE_LIMITS.comment;
    const first = (await post(member, { body: 'Comment 0' })).body;
    await patch(member, first.id, { body: 'Edited 0' });
    for (let i = 2; i < points; i += 1) expect((await post(member, { body: `Comment ${i}` })).status).toBe(201);
    const limited = await post(member, { body: 'One too many' });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      error: expect.stringMatching(/^Too many comments\. Please try again in (10|9) minutes\.$/),
      code: 'rate_limited',
    });
    expect(Number(limited.response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await patch(member, first.id, { body: 'Again' })).status).toBe(429);
    expect((await remove(member, first.id)).status).toBe(429);
    expect(await storedComments()).toHaveLength(points - 1);
    // Counted per user: another member still comments.
    expect((await post(other, { body: 'Mine' })).status).toBe(201);
  });
});
