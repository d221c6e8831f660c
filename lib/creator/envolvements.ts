import 'server-only';
import { envolvementChanged } from '@/lib/cache';
import { eq, sql } from 'drizzle-orm';
import type { Viewer } from '@/lib/auth/types';
import { db } from '@/lib/db/client';
import { isCheckViolation } from '@/lib/db/errors';
import { AppError } from '@/lib/http/errors';
import {
  type CreateEnvolvementInput,
  type EditEnvolvementInput,
  type UpdatePostInput,
} from '@/lib/validation/envolvement';
import { MESSAGES } from '@/lib/validation/envolvement-limits';
import { envolvements, posts, type EnvolvementRow } from '@/models';
import { siteCurrency } from '@/lib/stripe/config';
import { PAID_EARLY_ACCESS, PAID_NEEDS_PAYOUTS } from '@/lib/domain/payment-messages';
import { isStripeConfigured } from '@/lib/stripe/client';
import { cancelOpenIntents, withdrawReasonOf, type WithdrawReason } from '@/lib/payments/withdraw';
import { canSellPaid } from '@/lib/payouts/service';
import { announceToFollowers } from '@/lib/follows/announce';
import { notifySubmissionsOpened, notifyUpdate } from '@/lib/notifications/events';
import { openSubmissionsIn } from '@/lib/submissions/service';
import { tellFirstWaiting } from '@/lib/spot-waits/service';
import { spotsOpened } from '@/lib/spot-waits/rules';
import { getEnvolvementForViewer } from '@/lib/envolvements/queries';
import { dollarsToCents } from '@/lib/envolvements/rules';
import { toActivityPostDto } from '@/lib/envolvements/serialize';
import {
  assertNotRemoved,
  getEnvolvementOrThrow,
  getOwnEnvolvementOrThrow,
  NOT_FOUND_MESSAGE,
} from '@/lib/envolvements/service';
import type { ActivityPostDto, EnvolvementDto } from '@/lib/envolvements/types';

// What a creator does to their envolvements, with what follows from it: a price needs an
// account that can be paid, a new price or a return to draft cancels the checkouts open at
// the old terms, opened submissions and new updates reach the members.

/** The columns that describe an envolvement, the same whether created or edited. */
function describedBy(
  input: Pick<CreateEnvolvementInput, 'title' | 'previewText' | 'description' | 'imgUrl' | 'categories'> & {
    welcomeMessage?: string;
  },
) {
  const { title, previewText, description, imgUrl, categories, welcomeMessage } = input;
  return { title, previewText, description, imgUrl, categories, welcomeMessage };
}

/**
 * A price is the creator's to set only when they can be paid: the site takes cards and
 * their connected account takes charges. Otherwise the early-access rule stands (Free only).
 */
async function sellRefusal(creatorId: string): Promise<AppError | null> {
  if (!isStripeConfigured()) return new AppError('conflict', PAID_EARLY_ACCESS);
  return (await canSellPaid(creatorId)) ? null : new AppError('conflict', PAID_NEEDS_PAYOUTS);
}

/**
 * Makes a new envolvement for the signed-in creator, inactive (a draft). Submissions allowed
 * are opened in the same transaction, as the spec's wizard opens them right after creating:
 * if opening is refused, nothing is created, so there is never an envolvement whose
 * submissions were meant to be open and are not.
 */
export async function createEnvolvement(viewer: Viewer, input: CreateEnvolvementInput): Promise<{ id: string }> {
  const priceCents = input.price.free ? 0 : dollarsToCents(input.price.price ?? 0);
  const refusal = priceCents > 0 ? await sellRefusal(viewer.id) : null;
  if (refusal) throw refusal;
  const unlimited = input.quantity.unlimited;
  const submissionsAllowed = input.submissions.submissionsAllowed;
  return db().transaction(async (tx) => {
    const [row] = await tx
      .insert(envolvements)
      .values({
        creatorId: viewer.id,
        ...describedBy(input),
        priceCents,
        currency: priceCents > 0 ? siteCurrency() : 'usd',
        unlimited,
        quantity: unlimited ? 0 : (input.quantity.quantity ?? 0),
        endDate: input.endDate.none ? null : input.endDate.endDate,
        targetDate: input.targetEnvolvmentDate,
        isActive: false,
        commentsAllowed: input.comments,
        submissionsAllowed,
        submissionsActive: false,
        submissionDescription: submissionsAllowed ? input.submissions.submissionDescription : '',
        submissionDeadline: submissionsAllowed ? input.submissions.submissionDeadline : null,
        submissionPicture: submissionsAllowed && input.submissions.submissionContent.picture,
        submissionText: submissionsAllowed && input.submissions.submissionContent.description,
        submissionUrl: submissionsAllowed && input.submissions.submissionContent.url,
        published: input.published.published,
        publishedReleaseDate: input.published.published ? input.published.publishedReleaseDate : null,
      })
      .returning({ id: envolvements.id });
    const id = row!.id;
    // A new envolvement has no members yet, so there is nobody to tell that submissions opened.
    if (submissionsAllowed) await openSubmissionsIn(tx, viewer.id, id, input.submissions.submissionContent);
    return { id };
  });
}

type EditChanges = Partial<typeof envolvements.$inferInsert>;

const tooFewSpots = (joined: number) => ({
  'quantity.quantity': `Quantity cannot be less than the ${joined} people who already joined`,
});

/** The columns an edit sets, from the payload and what the row holds now. */
function editChanges(existing: EnvolvementRow, input: EditEnvolvementInput): EditChanges {
  const price = input.price?.price;
  const priceCents = price === null || price === undefined || input.price?.free ? 0 : dollarsToCents(price);
  const quantity = input.quantity?.quantity;
  const unlimited = quantity === null || quantity === undefined || Boolean(input.quantity?.unlimited);
  const content = input.submissions?.submissionContent;
  const submissionsActive = input.submissions?.submissionsActive ?? existing.submissionsActive;
  const anyType = content
    ? content.picture || content.description || content.url
    : existing.submissionPicture || existing.submissionText || existing.submissionUrl;
  if (submissionsActive && !existing.submissionsActive && !anyType) {
    throw new AppError('bad_request', 'Choose at least one submission type before opening submissions.');
  }
  return {
    ...describedBy(input),
    priceCents,
    unlimited,
    quantity: unlimited ? 0 : quantity!,
    endDate: !input.endDate || input.endDate.none ? null : input.endDate.endDate,
    targetDate: input.targetEnvolvmentDate,
    isActive: input.isActive ?? input.active ?? existing.isActive,
    submissionsAllowed: input.submissions?.submissionsAllowed ?? (existing.submissionsAllowed || submissionsActive),
    submissionsActive,
    ...(content
      ? { submissionPicture: content.picture, submissionText: content.description, submissionUrl: content.url }
      : {}),
    ...(input.published
      ? {
          published: input.published.published,
          publishedReleaseDate: input.published.published ? input.published.publishedReleaseDate : null,
        }
      : {}),
    updatedAt: new Date(),
  };
}

const spotsOf = (row: Pick<EnvolvementRow, 'quantity' | 'unlimited' | 'currentCount'>) => ({
  quantity: row.quantity,
  unlimited: row.unlimited,
  currentEnvolves: row.currentCount,
});

/**
 * Applies the edit payload. The creator, the buyers and the count of buyers are never
 * taken from the body. The row is locked while the spots are checked against the people
 * who joined, so a join cannot slip in between; should one still win, the table's check
 * answers, as a 409 naming the field. A new price or currency, or a return to draft,
 * cancels the checkouts still open at the old terms once the edit is committed.
 */
export async function updateEnvolvement(
  viewer: Viewer,
  id: string,
  input: EditEnvolvementInput,
): Promise<EnvolvementDto> {
  // Checked before the row is locked: it asks about the creator's account, not the row.
  const refusal = await sellRefusal(viewer.id);
  let withdrawn: WithdrawReason | null;
  try {
    withdrawn = await db().transaction(async (tx) => {
      const [existing] = await tx.select().from(envolvements).where(eq(envolvements.id, id)).for('update');
      if (!existing) throw new AppError('not_found', NOT_FOUND_MESSAGE);
      if (existing.creatorId !== viewer.id)
        throw new AppError('forbidden', 'Only the creator can edit this envolvement.');
      assertNotRemoved(existing);
      const changes = editChanges(existing, input);
      // A new price needs an account that can be paid; keeping the price it has does not,
      // so a creator whose account Stripe paused can still edit the rest.
      if (changes.priceCents! > 0 && changes.priceCents !== existing.priceCents) {
        if (refusal) throw refusal;
        changes.currency = siteCurrency();
      }
      if (!changes.unlimited && changes.quantity! < existing.currentCount) {
        throw new AppError('bad_request', MESSAGES.fixErrors, tooFewSpots(existing.currentCount));
      }
      await tx.update(envolvements).set(changes).where(eq(envolvements.id, id));
      // More spots than before: as many people waiting as there are new spots hear of them.
      const opened = spotsOpened(spotsOf(existing), spotsOf({ ...existing, ...changes }));
      if (opened !== 0) await tellFirstWaiting(tx, id, opened);
      if (changes.submissionsActive && !existing.submissionsActive) await notifySubmissionsOpened(tx, id);
      if (changes.isActive && !existing.isActive) await announceToFollowers(tx, id);
      // Is a checkout opened at the old terms outdated under the new? The rule fulfilment applies too.
      return withdrawReasonOf(
        { ...existing, ...changes },
        { amountCents: existing.priceCents, currency: existing.currency },
      );
    });
  } catch (error) {
    if (!isCheckViolation(error)) throw error;
    const row = await getEnvolvementOrThrow(id);
    throw new AppError('conflict', MESSAGES.fixErrors, tooFewSpots(row.currentCount));
  }
  // Its text, categories or publication may have changed: its page, its creator's pages and
  // the public lists that hold it read it again.
  envolvementChanged(id, viewer.id);
  // Here, not in each route that edits, so that no caller can forget it.
  if (withdrawn) await cancelOpenIntents(id, withdrawn);
  return (await getEnvolvementForViewer(id, viewer.id))!;
}

/**
 * Publishes a draft or takes a published envolvement back to draft. Members who joined
 * keep their access either way; only new people stop finding it, and checkouts open
 * when it went back to draft are canceled. Its creator's followers are told the first time
 * it is published.
 */
export async function setEnvolvementActive(
  viewer: Viewer,
  id: string,
  active: boolean,
): Promise<{ _id: string; active: boolean }> {
  const row = await getOwnEnvolvementOrThrow(viewer, id, active ? 'publish' : 'unpublish');
  assertNotRemoved(row);
  if (row.isActive !== active) {
    // Its followers hear of a first publication with it, or not at all.
    await db().transaction(async (tx) => {
      await tx.update(envolvements).set({ isActive: active, updatedAt: new Date() }).where(eq(envolvements.id, id));
      if (active) await announceToFollowers(tx, id);
    });
    envolvementChanged(id, viewer.id);
    // Checkouts open when it went back to draft can no longer be paid (see updateEnvolvement).
    if (!active) await cancelOpenIntents(id, 'unpublished');
  }
  return { _id: id, active };
}

/** Posts an update on the creator's own envolvement; the envolvement reads as updated with it. */
export async function addUpdate(
  viewer: Viewer,
  envolvementId: string,
  input: UpdatePostInput,
): Promise<ActivityPostDto> {
  assertNotRemoved(await getOwnEnvolvementOrThrow(viewer, envolvementId, 'post updates on'));
  const post = await db().transaction(async (tx) => {
    const [inserted] = await tx
      .insert(posts)
      .values({ envolvementId, authorId: viewer.id, kind: 'update', ...input })
      .returning();
    await tx
      .update(envolvements)
      .set({ updatedAt: sql`now()` })
      .where(eq(envolvements.id, envolvementId));
    await notifyUpdate(tx, { envolvementId, postId: inserted!.id, title: input.title });
    return inserted!;
  });
  return toActivityPostDto(post, {
    id: viewer.id,
    nickname: viewer.nickname,
    name: viewer.name,
    picture: viewer.picture,
  });
}
