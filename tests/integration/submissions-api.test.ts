import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as OPEN } from '@/app/api/user_submissions/open-submissions/[id]/route';
import { POST as SEND } from '@/app/api/user_submissions/post-user-submission/[id]/route';
import { GET as PULL } from '@/app/api/user_submissions/pull-submissions/[id]/route';
import { POST as SET_STATUS } from '@/app/api/user_submissions/update-submission-status/[id]/route';
import { GET as ACCESS } from '@/app/api/user_submissions/user-access-to-submission/[id]/route';
import { db } from '@/lib/db/client';
import { submissions, submissionStatusChanges } from '@/models';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';
import { createEnvolvement, createPurchase, createUser, type TestUser } from '../factories';

useTestDatabase();

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
type Handler = Parameters<typeof call>[0];
const hit = (handler: Handler, id: string, as: TestUser | null, json?: unknown) =>
  call(handler, json === undefined ? 'GET' : 'POST', `/x/${id}`, { as, params: { id }, json });

async function cast(open = true, types = { submissionText: true, submissionUrl: true, submissionPicture: false }) {
  const creator = await createUser({ nickname: 'maker' });
  const joined = await createUser({ nickname: 'fan' });
  const stranger = await createUser();
  const otherCreator = await createUser();
  const row = await createEnvolvement(creator.id, { submissionsAllowed: open, submissionsActive: open, ...types });
  await createPurchase(row.id, joined.id);
  await createEnvolvement(otherCreator.id);
  return { creator, joined, stranger, otherCreator, row };
}

const progress = (status: 'inReview' | 'approved' | 'denied' | 'completed') => ({
  inReview: status === 'inReview',
  approved: status === 'approved',
  denied: status === 'denied',
  completed: status === 'completed',
});

describe('POST /api/user_submissions/open-submissions/{id}', () => {
  it('lets the creator open submissions with at least one type', async () => {
    const { creator, joined, otherCreator, row } = await cast(false);
    expect(await hit(OPEN, row.id, creator, { picture: false, description: false, url: false })).toMatchObject({
      status: 400,
      body: { error: 'Choose at least one submission type' },
    });
    for (const [as, status] of [[null, 401], [joined, 403], [otherCreator, 403]] as const) {
      expect((await hit(OPEN, row.id, as, { picture: true })).status).toBe(status);
    }
    expect((await hit(OPEN, UNKNOWN, creator, { picture: true })).status).toBe(404);
    const res = await hit(OPEN, row.id, creator, { picture: true, url: true });
    expect(res.status).toBe(200);
    expect(res.body.submissions).toEqual({
      submissionsAllowed: true,
      submissionsActive: true,
      submissionsIDPair: row.id,
      submissionDescription: row.submissionDescription,
      submissionDeadline: null,
      submissionsDeadline: null,
      submissionContent: { picture: true, description: false, url: true },
    });
  });
});

describe('POST /api/user_submissions/post-user-submission/{id}', () => {
  it('takes a joined user’s text and link, and a resend replaces it and goes back to In-Review', async () => {
    const { creator, joined, row } = await cast();
    const first = await hit(SEND, row.id, joined, { description: ' My verse ', url: 'https://example.com/verse' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ paidFor: true, UserSubmission: { description: 'My verse', picture: '', url: 'https://example.com/verse' }, status: 'inReview' });
    await hit(SET_STATUS, row.id, creator, { SubmissionProgressArray: [{ userID: joined.id, progress: progress('approved') }] });
    const again = await hit(SEND, row.id, joined, { description: 'Better verse', url: 'http://example.com/v2' });
    expect(again.body.status).toBe('inReview');
    expect(await db().select().from(submissions)).toHaveLength(1);
    const history = await db().select().from(submissionStatusChanges).orderBy(submissionStatusChanges.createdAt);
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.changedBy])).toEqual([
      [null, 'inReview', joined.id],
      ['inReview', 'approved', creator.id],
      ['approved', 'inReview', joined.id],
    ]);
  });

  it('requires each allowed field, refuses the others, and checks the link', async () => {
    const { joined, row } = await cast();
    expect(await hit(SEND, row.id, joined, { url: 'https://x.dev' })).toMatchObject({ status: 400, body: { fields: { description: 'Description is required' } } });
    expect(await hit(SEND, row.id, joined, { description: 'x' })).toMatchObject({ status: 400, body: { fields: { url: 'Link is required' } } });
    expect(await hit(SEND, row.id, joined, { description: 'x', url: 'javascript:alert(1)' })).toMatchObject({ status: 400, body: { fields: { url: 'Link must be a valid http(s) URL' } } });
    expect(await hit(SEND, row.id, joined, { description: 'x', url: 'https://x.dev', picture: '/uploads/covers/4a0c4c43-6f3c-4a5f-9a55-1d2a1f4b1c11.png' })).toMatchObject({
      status: 400,
      body: { fields: { picture: 'Picture submissions are not allowed here.' } },
    });
    expect((await hit(SEND, row.id, joined, { description: 'd'.repeat(4000), url: 'https://x.dev' })).status).toBe(200);
    expect((await hit(SEND, row.id, joined, { description: 'd'.repeat(4001), url: 'https://x.dev' })).status).toBe(400);
  });

  it('refuses visitors, strangers, the creator, closed submissions and a passed deadline', async () => {
    const { creator, stranger, joined, row } = await cast();
    const body = { description: 'x', url: 'https://x.dev' };
    expect((await hit(SEND, row.id, null, body)).status).toBe(401);
    expect(await hit(SEND, row.id, stranger, body)).toMatchObject({ status: 403, body: { error: "Looks like you haven't paid for this yet." } });
    expect((await hit(SEND, row.id, creator, body)).status).toBe(403);
    expect((await hit(SEND, UNKNOWN, joined, body)).status).toBe(404);
    const closed = await cast(false);
    expect(await hit(SEND, closed.row.id, closed.joined, body)).toMatchObject({ status: 409, body: { error: 'Submissions are currently not enabled.' } });
    const late = await createEnvolvement(creator.id, { submissionsActive: true, submissionText: true, submissionDeadline: new Date(Date.now() - 60_000) });
    await createPurchase(late.id, joined.id);
    expect(await hit(SEND, late.id, joined, { description: 'x' })).toMatchObject({ status: 409, body: { error: 'The submission deadline has passed.' } });
    expect(await db().select().from(submissions)).toHaveLength(0);
  });
});

describe('reading submissions', () => {
  it('the creator pulls every submitter; a user reads only their own', async () => {
    const { creator, joined, stranger, otherCreator, row } = await cast();
    const second = await createUser({ nickname: 'second' });
    await createPurchase(row.id, second.id);
    await hit(SEND, row.id, joined, { description: 'mine', url: 'https://a.dev' });
    await hit(SEND, row.id, second, { description: 'theirs', url: 'https://b.dev' });
    const pulled = await hit(PULL, row.id, creator);
    expect(pulled.status).toBe(200);
    expect(pulled.body[0].userSubmissions.map((s: { username: string; description: string; progress: object }) => [s.username, s.description, s.progress])).toEqual([
      ['fan', 'mine', progress('inReview')],
      ['second', 'theirs', progress('inReview')],
    ]);
    for (const [as, status] of [[null, 401], [joined, 403], [stranger, 403], [otherCreator, 403]] as const) {
      expect((await hit(PULL, row.id, as)).status).toBe(status);
    }
    expect((await hit(ACCESS, row.id, joined)).body).toEqual({ paidFor: true, UserSubmission: { description: 'mine', picture: '', url: 'https://a.dev' }, status: 'inReview' });
    expect((await hit(ACCESS, row.id, stranger)).body).toEqual({ paidFor: false, UserSubmission: null, status: null });
    expect((await hit(ACCESS, row.id, null)).status).toBe(401);
    expect((await hit(ACCESS, 'bad-id', joined)).status).toBe(404);
  });
});

describe('POST /api/user_submissions/update-submission-status/{id}', () => {
  it('sets exactly one status per submitter, for the creator only', async () => {
    const { creator, joined, stranger, otherCreator, row } = await cast();
    await hit(SEND, row.id, joined, { description: 'mine', url: 'https://a.dev' });
    const set = (as: TestUser | null, entries: unknown) => hit(SET_STATUS, row.id, as, { SubmissionProgressArray: entries });
    const approve = [{ userID: joined.id, progress: progress('approved') }];
    for (const [as, status] of [[null, 401], [joined, 403], [otherCreator, 403]] as const) {
      expect((await set(as, approve)).status).toBe(status);
    }
    expect(await set(creator, [{ userID: joined.id, progress: { inReview: true, approved: true } }])).toMatchObject({ status: 400 });
    expect(await set(creator, [{ userID: joined.id, progress: {} }])).toMatchObject({ status: 400 });
    expect(await set(creator, [{ userID: stranger.id, progress: progress('denied') }])).toMatchObject({ status: 400, body: { error: `No submission from: ${stranger.id}` } });
    const [unchanged] = await db().select().from(submissions).where(eq(submissions.userId, joined.id));
    expect(unchanged!.status).toBe('inReview');
    const ok = await set(creator, approve);
    expect(ok.status).toBe(200);
    expect(ok.body[0].userSubmissions[0].progress).toEqual(progress('approved'));
    expect((await hit(ACCESS, row.id, joined)).body.status).toBe('approved');
  });
});
