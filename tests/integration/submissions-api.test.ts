import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { envolvements, submissions, submissionStatusChanges } from '@/models';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';
import { createEnvolvement, createPurchase, createUser, type TestUser } from '../factories';

useTestDatabase();

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const NOT_FOUND = { error: 'Envolvement not found', code: 'not_found' };
const SIGNED_OUT = { error: 'You must be signed in to do this.', code: 'unauthorized' };
const NOT_CREATOR_OPEN = { error: 'Only the creator can open submissions on this envolvement.', code: 'forbidden' };
const NOT_CREATOR_REVIEW = { error: 'Only the creator can review submissions of this envolvement.', code: 'forbidden' };

// The routes under test, each taking the envolvement's id last.
const OPEN = '/api/user_submissions/open-submissions';
const SEND = '/api/user_submissions/post-user-submission';
const PULL = '/api/user_submissions/pull-submissions';
const SET_STATUS = '/api/user_submissions/update-submission-status';
const ACCESS = '/api/user_submissions/user-access-to-submission';
const hit = (route: string, id: string, as: TestUser | null, json?: unknown) =>
  call(json === undefined ? 'GET' : 'POST', `${route}/${id}`, { as, json });

/** The five people of every test: creator, a joined user, one who has not joined, another creator, and (null) a visitor. */
async function cast(open = true) {
  const creator = await createUser({ nickname: 'maker', picture: 'https://img.example/maker.png' });
  const joined = await createUser({ nickname: 'fan', picture: 'https://img.example/fan.png' });
  const stranger = await createUser({ nickname: 'stranger' });
  const otherCreator = await createUser({ nickname: 'rival' });
  const row = await createEnvolvement(creator.id, {
    submissionsAllowed: open,
    submissionsActive: open,
    submissionText: true,
    submissionUrl: true,
    submissionDescription: 'Send a verse',
  });
  await createPurchase(row.id, joined.id);
  const theirs = await createEnvolvement(otherCreator.id, {
    submissionsAllowed: true,
    submissionsActive: true,
    submissionText: true,
  });
  return { creator, joined, stranger, otherCreator, row, theirs };
}

const progress = (status: 'inReview' | 'approved' | 'denied' | 'completed') => ({
  inReview: status === 'inReview',
  approved: status === 'approved',
  denied: status === 'denied',
  completed: status === 'completed',
});

const entry = (user: TestUser, text: string, url: string, status: Parameters<typeof progress>[0] = 'inReview') => ({
  userID: user.id,
  username: user.name,
  pfp: user.picture,
  picture: '',
  description: text,
  url,
  progress: progress(status),
  updatedAt: expect.any(String),
});

describe('POST /api/user_submissions/open-submissions/{id}', () => {
  it('lets the creator open submissions with the chosen types', async () => {
    const { creator, row } = await cast(false);
    const res = await hit(OPEN, row.id, creator, { picture: true, description: false, url: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: row.id, userID: creator.id, purchasedBy: [expect.any(String)] });
    expect(res.body.submissions).toEqual({
      submissionsAllowed: true,
      submissionsActive: true,
      submissionsIDPair: row.id,
      submissionDescription: 'Send a verse',
      submissionDeadline: null,
      submissionsDeadline: null,
      submissionContent: { picture: true, description: false, url: true },
    });
    const [stored] = await db().select().from(envolvements).where(eq(envolvements.id, row.id));
    expect([
      stored!.submissionsActive,
      stored!.submissionPicture,
      stored!.submissionText,
      stored!.submissionUrl,
    ]).toEqual([true, true, false, true]);
  });

  it('opening again replaces the allowed types', async () => {
    const { creator, row } = await cast(true);
    const res = await hit(OPEN, row.id, creator, { description: true });
    expect(res.body.submissions.submissionContent).toEqual({ picture: false, description: true, url: false });
  });

  it('needs at least one type, and booleans', async () => {
    const { creator, row } = await cast(false);
    const none = {
      status: 400,
      body: {
        error: 'Choose at least one submission type',
        code: 'bad_request',
        fields: { types: 'Choose at least one submission type' },
      },
    };
    expect(await hit(OPEN, row.id, creator, { picture: false, description: false, url: false })).toMatchObject(none);
    expect(await hit(OPEN, row.id, creator, {})).toMatchObject(none);
    expect(await hit(OPEN, row.id, creator, { picture: 'yes' })).toMatchObject({
      status: 400,
      body: { code: 'bad_request', fields: { picture: expect.any(String) } },
    });
    const notJson = await call('POST', `/api/user_submissions/open-submissions/${row.id}`, {
      as: creator,
      body: '{oops',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson).toMatchObject({
      status: 400,
      body: { error: 'The request body must be valid JSON.', code: 'bad_request' },
    });
    const [stored] = await db().select().from(envolvements).where(eq(envolvements.id, row.id));
    expect(stored!.submissionsActive).toBe(false);
  });

  it('refuses everyone but the creator, and unknown ids', async () => {
    const { creator, joined, stranger, otherCreator, row } = await cast(false);
    expect(await hit(OPEN, row.id, null, { picture: true })).toMatchObject({ status: 401, body: SIGNED_OUT });
    for (const as of [joined, stranger, otherCreator]) {
      expect(await hit(OPEN, row.id, as, { picture: true })).toMatchObject({ status: 403, body: NOT_CREATOR_OPEN });
    }
    expect(await hit(OPEN, UNKNOWN, creator, { picture: true })).toMatchObject({ status: 404, body: NOT_FOUND });
    expect(await hit(OPEN, 'not-a-uuid', creator, { picture: true })).toMatchObject({ status: 404, body: NOT_FOUND });
    const [stored] = await db().select().from(envolvements).where(eq(envolvements.id, row.id));
    expect(stored!.submissionsActive).toBe(false);
  });
});

describe('GET /api/user_submissions/pull-submissions/{id}', () => {
  it('gives the creator every submitter with their public fields and progress, oldest first', async () => {
    const { creator, joined, row } = await cast();
    expect(await hit(PULL, row.id, creator)).toMatchObject({
      status: 200,
      body: [{ submissionsIDPair: row.id, userSubmissions: [] }],
    });
    const second = await createUser({ nickname: 'second' });
    await createPurchase(row.id, second.id);
    await hit(SEND, row.id, joined, { description: 'mine', url: 'https://a.dev' });
    await hit(SEND, row.id, second, { description: 'theirs', url: 'https://b.dev' });
    const pulled = await hit(PULL, row.id, creator);
    expect(pulled.status).toBe(200);
    expect(pulled.body).toEqual([
      {
        submissionsIDPair: row.id,
        userSubmissions: [entry(joined, 'mine', 'https://a.dev'), entry(second, 'theirs', 'https://b.dev')],
      },
    ]);
  });

  it('refuses everyone but the creator, and unknown ids', async () => {
    const { creator, joined, stranger, otherCreator, row } = await cast();
    await hit(SEND, row.id, joined, { description: 'mine', url: 'https://a.dev' });
    expect(await hit(PULL, row.id, null)).toMatchObject({ status: 401, body: SIGNED_OUT });
    for (const as of [joined, stranger, otherCreator]) {
      expect(await hit(PULL, row.id, as)).toMatchObject({ status: 403, body: NOT_CREATOR_REVIEW });
    }
    expect(await hit(PULL, UNKNOWN, creator)).toMatchObject({ status: 404, body: NOT_FOUND });
    expect(await hit(PULL, 'bad-id', creator)).toMatchObject({ status: 404, body: NOT_FOUND });
  });
});

describe('GET /api/user_submissions/user-access-to-submission/{id}', () => {
  it("answers whether the caller joined, and only the caller's own submission", async () => {
    const { creator, joined, stranger, otherCreator, row } = await cast();
    const second = await createUser();
    await createPurchase(row.id, second.id);
    expect(await hit(ACCESS, row.id, joined)).toMatchObject({
      status: 200,
      body: { paidFor: true, UserSubmission: null, status: null },
    });
    await hit(SEND, row.id, joined, { description: 'mine', url: 'https://a.dev' });
    expect((await hit(ACCESS, row.id, joined)).body).toEqual({
      paidFor: true,
      UserSubmission: { description: 'mine', picture: '', url: 'https://a.dev' },
      status: 'inReview',
    });
    expect((await hit(ACCESS, row.id, second)).body).toEqual({ paidFor: true, UserSubmission: null, status: null });
    for (const as of [stranger, otherCreator])
      expect((await hit(ACCESS, row.id, as)).body).toEqual({ paidFor: false, UserSubmission: null, status: null });
    expect((await hit(ACCESS, row.id, creator)).body).toEqual({ paidFor: true, UserSubmission: null, status: null });
  });

  it('refuses visitors and unknown ids', async () => {
    const { joined, row } = await cast();
    expect(await hit(ACCESS, row.id, null)).toMatchObject({ status: 401, body: SIGNED_OUT });
    expect(await hit(ACCESS, UNKNOWN, joined)).toMatchObject({ status: 404, body: NOT_FOUND });
    expect(await hit(ACCESS, 'bad-id', joined)).toMatchObject({ status: 404, body: NOT_FOUND });
  });
});

describe('POST /api/user_submissions/update-submission-status/{id}', () => {
  const set = (id: string, as: TestUser | null, entries: unknown) =>
    hit(SET_STATUS, id, as, { SubmissionProgressArray: entries });

  it('sets each submitter’s status, records every change, and answers the updated list', async () => {
    const { creator, joined, row } = await cast();
    const second = await createUser({ nickname: 'second' });
    await createPurchase(row.id, second.id);
    await hit(SEND, row.id, joined, { description: 'mine', url: 'https://a.dev' });
    await hit(SEND, row.id, second, { description: 'theirs', url: 'https://b.dev' });
    const res = await set(row.id, creator, [
      { userID: joined.id, progress: progress('approved') },
      { userID: second.id, progress: progress('inReview') },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        submissionsIDPair: row.id,
        userSubmissions: [entry(joined, 'mine', 'https://a.dev', 'approved'), entry(second, 'theirs', 'https://b.dev')],
      },
    ]);
    await set(row.id, creator, [{ userID: joined.id, progress: progress('completed') }]);
    expect((await hit(ACCESS, row.id, joined)).body.status).toBe('completed');
    expect((await hit(ACCESS, row.id, second)).body.status).toBe('inReview');
    const history = await db().select().from(submissionStatusChanges).orderBy(submissionStatusChanges.createdAt);
    // Sending records the first In-Review; an unchanged status records nothing.
    expect(history.map((h) => [h.changedBy, h.fromStatus, h.toStatus])).toEqual([
      [joined.id, null, 'inReview'],
      [second.id, null, 'inReview'],
      [creator.id, 'inReview', 'approved'],
      [creator.id, 'approved', 'completed'],
    ]);
    for (const h of history) expect(h.createdAt).toBeInstanceOf(Date);
  });

  it('needs exactly one status per entry, and a list', async () => {
    const { creator, joined, row } = await cast();
    await hit(SEND, row.id, joined, { description: 'mine', url: 'https://a.dev' });
    const oneOnly = {
      status: 400,
      body: { error: `Choose exactly one status for ${joined.id}.`, code: 'bad_request' },
    };
    expect(
      await set(row.id, creator, [{ userID: joined.id, progress: { inReview: true, approved: true } }]),
    ).toMatchObject(oneOnly);
    expect(await set(row.id, creator, [{ userID: joined.id, progress: {} }])).toMatchObject(oneOnly);
    expect(await set(row.id, creator, [{ userID: joined.id, progress: { approved: 'yes' } }])).toMatchObject({
      status: 400,
      body: { code: 'bad_request' },
    });
    expect(await set(row.id, creator, [])).toMatchObject({
      status: 400,
      body: { error: 'Nothing to update', code: 'bad_request' },
    });
    expect(await hit(SET_STATUS, row.id, creator, {})).toMatchObject({
      status: 400,
      body: { error: 'SubmissionProgressArray is required' },
    });
    expect(await set(row.id, creator, [{ progress: progress('approved') }])).toMatchObject({ status: 400 });
    const [stored] = await db().select().from(submissions).where(eq(submissions.userId, joined.id));
    expect(stored!.status).toBe('inReview');
  });

  it('names unknown submitters and changes nothing when any is unknown', async () => {
    const { creator, joined, stranger, otherCreator, row, theirs } = await cast();
    const second = await createUser();
    await createPurchase(row.id, second.id);
    await hit(SEND, row.id, joined, { description: 'mine', url: 'https://a.dev' });
    await createPurchase(theirs.id, stranger.id);
    await hit(SEND, theirs.id, stranger, { description: 'elsewhere' });
    // `second` joined but sent nothing; `stranger` sent to another envolvement.
    const res = await set(row.id, creator, [
      { userID: joined.id, progress: progress('approved') },
      { userID: second.id, progress: progress('denied') },
      { userID: stranger.id, progress: progress('denied') },
    ]);
    expect(res).toMatchObject({
      status: 400,
      body: { error: `No submission from: ${second.id}, ${stranger.id}`, code: 'bad_request' },
    });
    expect((await db().select({ status: submissions.status }).from(submissions)).map((s) => s.status)).toEqual([
      'inReview',
      'inReview',
    ]);
    expect(
      await db().select().from(submissionStatusChanges).where(eq(submissionStatusChanges.changedBy, creator.id)),
    ).toEqual([]);
    // Another creator cannot reach this submission through their own envolvement either.
    expect(await set(theirs.id, otherCreator, [{ userID: joined.id, progress: progress('denied') }])).toMatchObject({
      status: 400,
    });
  });

  it('refuses everyone but the creator, and unknown ids', async () => {
    const { creator, joined, stranger, otherCreator, row } = await cast();
    await hit(SEND, row.id, joined, { description: 'mine', url: 'https://a.dev' });
    const approve = [{ userID: joined.id, progress: progress('approved') }];
    expect(await set(row.id, null, approve)).toMatchObject({ status: 401, body: SIGNED_OUT });
    for (const as of [joined, stranger, otherCreator]) {
      expect(await set(row.id, as, approve)).toMatchObject({ status: 403, body: NOT_CREATOR_REVIEW });
    }
    expect(await set(UNKNOWN, creator, approve)).toMatchObject({ status: 404, body: NOT_FOUND });
    expect(await set('bad-id', creator, approve)).toMatchObject({ status: 404, body: NOT_FOUND });
    expect((await hit(ACCESS, row.id, joined)).body.status).toBe('inReview');
  });
});
