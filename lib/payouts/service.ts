import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Viewer } from '@/lib/auth/types';
import { db } from '@/lib/db/client';
import { AppError } from '@/lib/http/errors';
import { idempotencyKey } from '@/lib/stripe/idempotency';
import { getStripe, isStripeConfigured } from '@/lib/stripe/client';
import { isStripeNotFound } from '@/lib/stripe/errors';
import { siteUrl } from '@/lib/site';
import type { Selling } from '@/lib/domain/selling';
import { platformFeePercent, siteCurrency } from '@/lib/stripe/config';
import { payoutAccounts, type PayoutAccountRow } from '@/models';
import { payoutState, type PayoutAccountFacts } from './state';

export const PAYOUTS_PATH = '/account/payouts';

export const NOT_ONBOARDED = 'Finish connecting your Stripe account first.';

export async function getPayoutAccount(userId: string): Promise<PayoutAccountRow | null> {
  const [row] = await db().select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId)).limit(1);
  return row ?? null;
}

/** Whether this creator may put a price on an envolvement: the site takes cards and their account takes charges. */
export async function canSellPaid(userId: string): Promise<boolean> {
  if (!isStripeConfigured()) return false;
  return Boolean((await getPayoutAccount(userId))?.chargesEnabled);
}

/** What Stripe says of an account, in the columns the app keeps. */
export function factsOf(account: Stripe.Account): PayoutAccountFacts {
  const requirements = account.requirements;
  return {
    chargesEnabled: Boolean(account.charges_enabled),
    payoutsEnabled: Boolean(account.payouts_enabled),
    detailsSubmitted: Boolean(account.details_submitted),
    requirementsDue: [...new Set([...(requirements?.past_due ?? []), ...(requirements?.currently_due ?? [])])],
    disabledReason: requirements?.disabled_reason ?? null,
  };
}

/** Stores what Stripe says of a connected account; null when no creator holds it. */
export async function applyAccount(account: Stripe.Account): Promise<PayoutAccountRow | null> {
  const [row] = await db()
    .update(payoutAccounts)
    .set({ ...factsOf(account), updatedAt: sql`now()` })
    .where(eq(payoutAccounts.stripeAccountId, account.id))
    .returning();
  return row ?? null;
}

/**
 * Reads a connected account from Stripe and stores it: webhooks arrive late and out of
 * order, so what Stripe says now is what counts. Null when Stripe no longer knows it.
 */
export async function syncAccount(stripeAccountId: string): Promise<PayoutAccountRow | null> {
  let account: Stripe.Account;
  try {
    account = await getStripe().accounts.retrieve(stripeAccountId);
  } catch (error) {
    if (isStripeNotFound(error)) return null;
    throw error;
  }
  return applyAccount(account);
}

/** The creator's account, brought up to date from Stripe (after onboarding returns). */
export async function refreshPayoutAccount(userId: string): Promise<PayoutAccountRow | null> {
  const row = await getPayoutAccount(userId);
  if (!row || !isStripeConfigured()) return row;
  return (await syncAccount(row.stripeAccountId)) ?? row;
}

function requireStripe(): void {
  if (!isStripeConfigured())
    throw new AppError('unavailable', 'Payouts are not available: this site does not take card payments.');
}

// One connected account per creator: the same key for the same creator, so a double
// click or two tabs get the same account back from Stripe.
async function ensureAccount(viewer: Viewer): Promise<PayoutAccountRow> {
  const existing = await getPayoutAccount(viewer.id);
  if (existing) return existing;
  const params: Stripe.AccountCreateParams = {
    type: 'express',
    ...(viewer.email ? { email: viewer.email } : {}),
    capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
    metadata: { userId: viewer.id },
  };
  const account = await getStripe().accounts.create(params, {
    idempotencyKey: idempotencyKey('acct', params, viewer.id),
  });
  await db()
    .insert(payoutAccounts)
    .values({ userId: viewer.id, stripeAccountId: account.id, ...factsOf(account) })
    // A second click running beside this one inserts the same creator and the same account:
    // its row may collide on either unique column first, and either way it is already stored.
    .onConflictDoNothing();
  return (await getPayoutAccount(viewer.id))!;
}

/**
 * Where the creator goes to connect or finish their Stripe account: Stripe's hosted
 * onboarding, which sends them back to the Payouts page.
 */
export async function startOnboarding(viewer: Viewer): Promise<string> {
  requireStripe();
  const row = await ensureAccount(viewer);
  const page = `${siteUrl()}${PAYOUTS_PATH}`;
  const link = await getStripe().accountLinks.create({
    account: row.stripeAccountId,
    type: 'account_onboarding',
    return_url: `${page}?onboarding=return`,
    refresh_url: `${page}?onboarding=refresh`,
  });
  return link.url;
}

/** A one-time link to the creator's Stripe Express dashboard: payouts, bank details, tax forms. */
export async function dashboardLink(userId: string): Promise<string> {
  requireStripe();
  const row = await getPayoutAccount(userId);
  if (!row?.detailsSubmitted) throw new AppError('conflict', NOT_ONBOARDED);
  const link = await getStripe().accounts.createLoginLink(row.stripeAccountId);
  return link.url;
}

/** What the price fields may offer this creator. */
export async function sellingFor(userId: string): Promise<Selling> {
  const stripeConfigured = isStripeConfigured();
  return {
    stripeConfigured,
    canSell: stripeConfigured && (await canSellPaid(userId)),
    feePercent: platformFeePercent(),
    currency: siteCurrency(),
  };
}

export type PayoutsDto = Selling & {
  state: ReturnType<typeof payoutState>;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  requirementsDue: string[];
};

export function toPayoutsDto(row: PayoutAccountRow | null): PayoutsDto {
  const stripeConfigured = isStripeConfigured();
  return {
    stripeConfigured,
    canSell: stripeConfigured && Boolean(row?.chargesEnabled),
    feePercent: platformFeePercent(),
    currency: siteCurrency(),
    state: payoutState(row),
    chargesEnabled: Boolean(row?.chargesEnabled),
    payoutsEnabled: Boolean(row?.payoutsEnabled),
    detailsSubmitted: Boolean(row?.detailsSubmitted),
    requirementsDue: row?.requirementsDue ?? [],
  };
}
