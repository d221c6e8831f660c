import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { submissions, submissionStatusChanges, type NewEnvolvementRow } from '@/models';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';
import { createEnvolvement, createPurchase, createUser, type TestUser } from '../factories';

useTestDatabase();

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const UPLOADED = '/uploads/covers/4a0c4c43-6f3c-4a5f-9a55-1d2a1f4b1c11.png';
const NOT_PAID = { error: "Looks like you haven't paid for this yet.", code: 'forbidden' };

const send = (id: string, as: TestUser | null, json: unknown) =>
  call('POST', `/api/user_submissions/post-user-submission/${id}`, { as, json });

/** A creator, a joined user, one who has not joined and another creator, around one envolvement. */
async function cast(overrides: Partial<NewEnvolvementRow> = {}) {
  const creator = await createUser();
  const joined = await createUser();
  const stranger = await createUser();
  const otherCreator = await createUser();
  await createEnvolvement(otherCreator.id);
  const row = await createEnvolvement(creator.id, {
    submissionsAllowed: true,
    submissionsActive: true,
    submissionText: true,
    submissionUrl: true,
    submissionPicture: false,
    ...overrides,
  });
  await createPurchase(row.id, joined.id);
  return { creator, joined, stranger, otherCreator, row };
}

const stored = () => db().select().from(submissions);

describe('POST /api/user_submissions/post-user-submission/{id}', () => {
  it("takes a joined user's text and link, trimmed, and answers their access and submission", async () => {
    const { joined, row } = await cast();
    const res = await send(row.id, joined, { description: ' My verse ', url: ' https://example.com/verse ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      paidFor: true,
      UserSubmission: { description: 'My verse', picture: '', url: 'https://example.com/verse' },
      status: 'inReview',
    });
    const [row1] = await stored();
    expect(row1).toMatchObject({ envolvementId: row.id, userId: joined.id, status: 'inReview' });
  });

  it('stores it under the signed-in user whatever ids the body names', async () => {
    const { joined, stranger, row } = await cast();
    await send(row.id, joined, {
      description: 'x',
      url: 'https://x.dev',
      userID: stranger.id,
      username: 'someone',
      status: 'approved',
    });
    const rows = await stored();
    expect(rows.map((r) => [r.userId, r.status])).toEqual([[joined.id, 'inReview']]);
  });

  it('sending again replaces one’s own submission and puts it back In-Review, recorded', async () => {
    const { creator, joined, row } = await cast();
    await send(row.id, joined, { description: 'First', url: 'https://a.dev' });
    await call('POST', `/api/user_submissions/update-submission-status/${row.id}`, {
      as: creator,
      json: { SubmissionProgressArray: [{ userID: joined.id, progress: { approved: true } }] },
    });
    const again = await send(row.id, joined, { description: 'Better', url: 'http://example.com/v2' });
    expect(again.body).toEqual({
      paidFor: true,
      UserSubmission: { description: 'Better', picture: '', url: 'http://example.com/v2' },
      status: 'inReview',
    });
    expect(await stored()).toHaveLength(1);
    await send(row.id, joined, { description: 'Best', url: 'https://b.dev' });
    const history = await db().select().from(submissionStatusChanges).orderBy(submissionStatusChanges.createdAt);
    // A resend while already In-Review changes no status, so records nothing.
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.changedBy])).toEqual([
      [null, 'inReview', joined.id],
      ['inReview', 'approved', creator.id],
      ['approved', 'inReview', joined.id],
    ]);
  });

  it("one user's submission never touches another's", async () => {
    const { joined, row } = await cast();
    const second = await createUser();
    await createPurchase(row.id, second.id);
    await send(row.id, joined, { description: 'mine', url: 'https://a.dev' });
    await send(row.id, second, { description: 'theirs', url: 'https://b.dev' });
    const rows = await db().select().from(submissions).where(eq(submissions.userId, joined.id));
    expect(rows.map((r) => r.description)).toEqual(['mine']);
    expect(await stored()).toHaveLength(2);
  });

  it('requires each allowed field and refuses the types not allowed', async () => {
    const { joined, row } = await cast();
    const bad = (fields: Record<string, string>) => ({
      status: 400,
      body: { error: Object.values(fields)[0], code: 'bad_request', fields },
    });
    expect(await send(row.id, joined, { url: 'https://x.dev' })).toMatchObject(
      bad({ description: 'Description is required' }),
    );
    expect(await send(row.id, joined, { description: '   ', url: 'https://x.dev' })).toMatchObject(
      bad({ description: 'Description is required' }),
    );
    expect(await send(row.id, joined, { description: 'x' })).toMatchObject(bad({ url: 'Link is required' }));
    expect(await send(row.id, joined, {})).toMatchObject(
      bad({ description: 'Description is required', url: 'Link is required' }),
    );
    expect(await send(row.id, joined, { description: 'x', url: 'https://x.dev', picture: UPLOADED })).toMatchObject(
      bad({ picture: 'Picture submissions are not allowed here.' }),
    );
    const textOnly = await cast({ submissionUrl: false });
    expect(await send(textOnly.row.id, textOnly.joined, { description: 'x', url: 'https://x.dev' })).toMatchObject(
      bad({ url: 'Link submissions are not allowed here.' }),
    );
    const linkOnly = await cast({ submissionText: false });
    expect(await send(linkOnly.row.id, linkOnly.joined, { description: 'x', url: 'https://x.dev' })).toMatchObject(
      bad({ description: 'Text submissions are not allowed here.' }),
    );
    expect(await send(row.id, joined, { description: 42, url: 'https://x.dev' })).toMatchObject({
      status: 400,
      body: { fields: { description: expect.any(String) } },
    });
    expect(await stored()).toHaveLength(0);
  });

  it('takes only http(s) links', async () => {
    const { joined, row } = await cast();
    const badLink = {
      status: 400,
      body: { error: 'Link must be a valid http(s) URL', fields: { url: 'Link must be a valid http(s) URL' } },
    };
    for (const url of ['javascript:alert(1)', 'ftp://x.dev/file', 'example.com', 'data:text/html,hi', 'https//x.dev']) {
      expect(await send(row.id, joined, { description: 'x', url })).toMatchObject(badLink);
    }
    expect((await send(row.id, joined, { description: 'x', url: 'HTTPS://Example.com/a?b=c#d' })).status).toBe(200);
  });

  it('takes pictures from our uploads or https, and nothing else', async () => {
    const { joined, row } = await cast({ submissionPicture: true, submissionText: false, submissionUrl: false });
    const badPicture = {
      status: 400,
      body: { error: 'Picture must be an uploaded image', fields: { picture: 'Picture must be an uploaded image' } },
    };
    for (const picture of [
      'http://x.dev/a.png',
      'javascript:alert(1)',
      '/uploads/../etc/passwd',
      '/uploads/covers/a.png',
      'data:image/png;base64,AAAA',
    ]) {
      expect(await send(row.id, joined, { picture })).toMatchObject(badPicture);
    }
    expect(await send(row.id, joined, { picture: UPLOADED })).toMatchObject({
      status: 200,
      body: { UserSubmission: { picture: UPLOADED } },
    });
    expect(await send(row.id, joined, { picture: 'https://res.cloudinary.com/demo/image/upload/a.png' })).toMatchObject(
      { status: 200 },
    );
    // When pictures are all that is allowed, an empty submission says so.
    expect(await send(row.id, joined, {})).toMatchObject({
      status: 400,
      body: { error: 'Picture is required', fields: { picture: 'Picture is required' } },
    });
    const both = await cast({ submissionPicture: true, submissionText: true, submissionUrl: false });
    expect(await send(both.row.id, both.joined, { description: 'no picture this time' })).toMatchObject({
      status: 200,
      body: { UserSubmission: { picture: '' } },
    });
  });

  it('takes a description of 4000 characters and a link of 2000, and refuses one more', async () => {
    const { joined, row } = await cast();
    const link = (length: number) => `https://x.dev/${'a'.repeat(length - 'https://x.dev/'.length)}`;
    expect((await send(row.id, joined, { description: 'd'.repeat(4000), url: link(2000) })).status).toBe(200);
    expect(await send(row.id, joined, { description: 'd'.repeat(4001), url: link(2000) })).toMatchObject({
      status: 400,
      body: {
        error: 'Description must be 4000 characters or fewer',
        fields: { description: 'Description must be 4000 characters or fewer' },
      },
    });
    expect(await send(row.id, joined, { description: 'd', url: link(2001) })).toMatchObject({
      status: 400,
      body: { error: 'Link must be 2000 characters or fewer' },
    });
    expect((await stored())[0]!.description).toHaveLength(4000);
  });

  it('refuses visitors, people who have not joined, creators and unknown ids', async () => {
    const { creator, stranger, otherCreator, joined, row } = await cast();
    const body = { description: 'x', url: 'https://x.dev' };
    expect(await send(row.id, null, body)).toMatchObject({
      status: 401,
      body: { error: 'You must be signed in to do this.', code: 'unauthorized' },
    });
    expect(await send(row.id, stranger, body)).toMatchObject({ status: 403, body: NOT_PAID });
    expect(await send(row.id, otherCreator, body)).toMatchObject({ status: 403, body: NOT_PAID });
    expect(await send(row.id, creator, body)).toMatchObject({
      status: 403,
      body: { error: 'Creators review submissions; they do not send them.', code: 'forbidden' },
    });
    expect(await send(UNKNOWN, joined, body)).toMatchObject({
      status: 404,
      body: { error: 'Envolvement not found', code: 'not_found' },
    });
    expect(await send('nope', joined, body)).toMatchObject({ status: 404 });
    expect(await stored()).toHaveLength(0);
  });

  it('refuses while submissions are closed, and after the deadline', async () => {
    const closed = await cast({ submissionsActive: false });
    const body = { description: 'x', url: 'https://x.dev' };
    expect(await send(closed.row.id, closed.joined, body)).toMatchObject({
      status: 409,
      body: { error: 'Submissions are currently not enabled.', code: 'conflict' },
    });
    const late = await cast({ submissionDeadline: new Date(Date.now() - 60_000) });
    expect(await send(late.row.id, late.joined, body)).toMatchObject({
      status: 409,
      body: { error: 'The submission deadline has passed.', code: 'conflict' },
    });
    expect(await stored()).toHaveLength(0);
    const early = await cast({ submissionDeadline: new Date(Date.now() + 60 * 60_000) });
    expect((await send(early.row.id, early.joined, body)).status).toBe(200);
  });
});
