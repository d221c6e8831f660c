import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { envolvements } from '@/models';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';
import { useFakeStripe } from '../helpers/payments';
import { createSeller, createUser, type TestUser } from '../factories';
import type { Viewer } from '@/lib/auth/types';
import { creationBody, daysFromNow, submissionsOff } from '../factories/envolvement-input';
import { createEnvolvement } from '@/lib/creator/envolvements';
import { createEnvolvementSchema } from '@/lib/validation/envolvement';

useTestDatabase();
// Prices are set only by creators whose Stripe account can take charges.
useFakeStripe();

const create = async (json: unknown, as?: Awaited<ReturnType<typeof createUser>> | null) =>
  call('POST', '/api/post/new-base-envolvement', { json, as: as === undefined ? await createUser() : as });

const viewerOf = (user: TestUser): Viewer => ({ ...user, emailVerified: true, handleChosen: true });

const fieldsOf = async (overrides: Record<string, unknown>) => {
  const res = await create(creationBody(overrides));
  expect(res.status).toBe(400);
  expect(res.body.error).toBe('Please fix the errors before submitting');
  return res.body.fields as Record<string, string>;
};

describe('POST /api/post/new-base-envolvement', () => {
  it('creates an inactive envolvement for the signed-in creator, ignoring identity fields in the body', async () => {
    const creator = await createSeller();
    const intruder = await createUser();
    const res = await create(
      creationBody({
        title: '  Draw my character  ',
        userID: intruder.id,
        username: 'someone else',
        userPicture: 'https://evil.example/x.png',
        isActive: true,
        quantity: { quantity: 5, unlimited: false, currentEnvolves: 4 },
        price: { price: 4.99, free: false },
        endDate: { endDate: daysFromNow(3), none: false },
        targetEnvolvmentDate: daysFromNow(5),
        submissions: {
          submissionsAllowed: true,
          submissionsActive: true,
          submissionDescription: 'Send a sketch',
          submissionDeadline: daysFromNow(4),
          submissionContent: { picture: true, description: false, url: true },
        },
      }),
      creator,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ postedID: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const [row] = await db().select().from(envolvements).where(eq(envolvements.id, res.body.postedID));
    expect(row).toMatchObject({
      creatorId: creator.id,
      title: 'Draw my character',
      isActive: false,
      submissionsAllowed: true,
      // Allowed at creation, submissions are opened with it.
      submissionsActive: true,
      submissionPicture: true,
      submissionText: false,
      submissionUrl: true,
      priceCents: 499,
      quantity: 5,
      unlimited: false,
      currentCount: 0,
    });
  });

  it('accepts a body with only the required fields', async () => {
    const res = await create({
      title: 'Minimal',
      previewText: 'Just this',
      categories: ['Video'],
      quantity: { unlimited: false },
    });
    expect(res.status).toBe(200);
    const [row] = await db().select().from(envolvements).where(eq(envolvements.id, res.body.postedID));
    expect(row).toMatchObject({
      title: 'Minimal',
      description: '',
      unlimited: false,
      quantity: 0,
      priceCents: 0,
      endDate: null,
      targetDate: null,
    });
  });

  it('stores unlimited as quantity 0 and free as price 0', async () => {
    const res = await create(
      creationBody({ quantity: { quantity: 40, unlimited: true }, price: { price: 9, free: true } }),
    );
    const [row] = await db().select().from(envolvements).where(eq(envolvements.id, res.body.postedID));
    expect(row).toMatchObject({ unlimited: true, quantity: 0, priceCents: 0 });
  });

  it('answers 401 without a session and stores nothing', async () => {
    const res = await create(creationBody(), null);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'You must be signed in to do this.', code: 'unauthorized' });
    expect(await db().select().from(envolvements)).toHaveLength(0);
  });

  it('accepts a title of 200 characters and refuses 201 or a blank one', async () => {
    expect((await create(creationBody({ title: 'a'.repeat(200) }))).status).toBe(200);
    expect(await fieldsOf({ title: 'a'.repeat(201) })).toEqual({ title: 'Title must be 200 characters or fewer' });
    expect(await fieldsOf({ title: '   ' })).toEqual({ title: 'Title is required' });
    expect(await fieldsOf({ title: undefined })).toEqual({ title: 'Title is required' });
  });

  it('accepts preview text of 1000 characters and refuses 1001 or none', async () => {
    expect((await create(creationBody({ previewText: 'p'.repeat(1000) }))).status).toBe(200);
    expect(await fieldsOf({ previewText: 'p'.repeat(1001) })).toEqual({
      previewText: 'Preview text must be 1000 characters or fewer',
    });
    expect(await fieldsOf({ previewText: '' })).toEqual({ previewText: 'Preview text is required' });
  });

  it('accepts a description of 4000 characters and refuses 4001', async () => {
    expect((await create(creationBody({ description: 'd'.repeat(4000) }))).status).toBe(200);
    expect(await fieldsOf({ description: 'd'.repeat(4001) })).toEqual({
      description: 'Description must be 4000 characters or fewer',
    });
  });

  it('needs 1 to 3 known categories', async () => {
    expect((await create(creationBody({ categories: ['Art', 'Music', 'Q&A'] }))).status).toBe(200);
    expect(await fieldsOf({ categories: [] })).toEqual({ categories: 'At least one category is required' });
    expect(await fieldsOf({ categories: ['Art', 'Music', 'Q&A', 'Travel'] })).toEqual({
      categories: 'Choose at most 3 categories',
    });
    expect(await fieldsOf({ categories: ['Cooking'] })).toEqual({ 'categories.0': 'Unknown category' });
  });

  it('refuses a negative price and quantities outside 0 to 10000 or not whole', async () => {
    expect(await fieldsOf({ price: { price: -0.01, free: false } })).toEqual({
      'price.price': 'Price cannot be negative',
    });
    expect(await fieldsOf({ quantity: { quantity: -1, unlimited: false } })).toEqual({
      'quantity.quantity': 'Quantity cannot be negative',
    });
    expect(await fieldsOf({ quantity: { quantity: 10001, unlimited: false } })).toEqual({
      'quantity.quantity': 'Quantity cannot be more than 10000',
    });
    expect(await fieldsOf({ quantity: { quantity: 1.5, unlimited: false } })).toEqual({
      'quantity.quantity': 'Quantity must be a whole number',
    });
    expect((await create(creationBody({ quantity: { quantity: 10000, unlimited: false } }))).status).toBe(200);
    expect((await create(creationBody({ quantity: { quantity: 0, unlimited: false } }))).status).toBe(200);
  });

  it('refuses an end date after the target date, on both fields', async () => {
    expect(
      await fieldsOf({ endDate: { endDate: daysFromNow(10), none: false }, targetEnvolvmentDate: daysFromNow(5) }),
    ).toEqual({
      'endDate.endDate': 'End date cannot be after target envolvement date.',
      targetEnvolvmentDate: 'Target envolvement date cannot be before end date.',
    });
    expect(
      (
        await create(
          creationBody({ endDate: { endDate: daysFromNow(5), none: false }, targetEnvolvmentDate: daysFromNow(5) }),
        )
      ).status,
    ).toBe(200);
  });

  it('refuses dates in the past and invalid dates', async () => {
    expect(await fieldsOf({ endDate: { endDate: daysFromNow(-3), none: false } })).toEqual({
      'endDate.endDate': 'Date cannot be in the past',
    });
    expect(await fieldsOf({ targetEnvolvmentDate: 'not a date' })).toEqual({
      targetEnvolvmentDate: 'Please enter a valid date',
    });
  });

  it('refuses an image URL that is neither an upload nor https', async () => {
    expect(await fieldsOf({ imgUrl: 'javascript:alert(1)' })).toEqual({
      imgUrl: 'Image must be an uploaded image or an https link',
    });
    expect(
      (await create(creationBody({ imgUrl: '/uploads/covers/4a0c4c43-6f3c-4a5f-9a55-1d2a1f4b1c11.png' }))).status,
    ).toBe(200);
  });

  it('starts with comments on when the body does not say', async () => {
    const res = await create({ title: 'Minimal', previewText: 'Just this', categories: ['Video'] });
    const [row] = await db().select().from(envolvements).where(eq(envolvements.id, res.body.postedID));
    expect(row!.commentsAllowed).toBe(true);
  });

  it('refuses submissions allowed with no description and no type, and stores nothing', async () => {
    const creator = await createUser();
    const res = await create(
      creationBody({ submissions: { ...submissionsOff(), submissionsAllowed: true, submissionDescription: '   ' } }),
      creator,
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Please fix the errors before submitting',
      code: 'bad_request',
      fields: {
        'submissions.submissionDescription': 'Submission description is required',
        'submissions.submissionContent': 'Choose at least one submission type',
      },
    });
    expect(await db().select().from(envolvements)).toHaveLength(0);
  });

  it('refuses submissions allowed with a description but no type', async () => {
    expect(
      await fieldsOf({
        submissions: { ...submissionsOff(), submissionsAllowed: true, submissionDescription: 'Send a sketch' },
      }),
    ).toEqual({ 'submissions.submissionContent': 'Choose at least one submission type' });
    expect(await db().select().from(envolvements)).toHaveLength(0);
  });

  it('ignores the submission settings of submissions left off', async () => {
    const res = await create(creationBody({ submissions: { ...submissionsOff(), submissionDescription: 'left' } }));
    expect(res.status).toBe(200);
    const [row] = await db().select().from(envolvements).where(eq(envolvements.id, res.body.postedID));
    expect(row).toMatchObject({ submissionsAllowed: false, submissionsActive: false, submissionDescription: '' });
  });

  it('creates and opens submissions in one transaction: a refused opening leaves no envolvement', async () => {
    const creator = await createUser();
    // Past the schema (a service caller, or a check that drifted): opening refuses in the transaction.
    const input = createEnvolvementSchema('usd').parse(creationBody());
    const unopenable = {
      ...input,
      submissions: { ...input.submissions, submissionsAllowed: true, submissionDescription: 'Send a sketch' },
    };
    await expect(createEnvolvement(viewerOf(creator), unopenable)).rejects.toMatchObject({
      code: 'bad_request',
      message: 'Choose at least one submission type before opening submissions.',
    });
    expect(await db().select().from(envolvements)).toHaveLength(0);

    const opened = {
      ...unopenable,
      submissions: { ...unopenable.submissions, submissionContent: { picture: false, description: true, url: false } },
    };
    const { id } = await createEnvolvement(viewerOf(creator), opened);
    const [row] = await db().select().from(envolvements).where(eq(envolvements.id, id));
    expect(row).toMatchObject({ submissionsAllowed: true, submissionsActive: true, submissionText: true });
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await call('POST', '/api/post/new-base-envolvement', {
      as: await createUser(),
      body: 'title=x',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'The request body must be valid JSON.', code: 'bad_request' });
  });
});
