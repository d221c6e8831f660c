import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DeleteAccountImpact } from '@/components/account/delete-account-impact';
import { MembersList } from '@/components/envolvement/members-list';
import { OfferDialogBody } from '@/components/envolvement/offer-dialog';
import type { AccountDeletionImpact } from '@/lib/account/impact';
import { DELETED_MEMBER, handleLabel, isDeletedUserId } from '@/lib/domain/deleted-member';
import { receiptLine } from '@/lib/envolvements/rules';
import type { MemberDto } from '@/lib/envolvements/types';
import { buildEnvolvementDto } from '../factories/envolvement-dto';
import { withRouter } from '../helpers/router';

const DELETED_ID = 'deleted|5f0c2a7e-8d51-4c3b-9f0a-2b7e4c1d9a10';

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;|&#x27;|&ldquo;|&rdquo;|“|”/g, '"')
    .replace(/\s+/g, ' ')
    .trim();

describe('a deleted account where names are shown', () => {
  it('shows "Deleted member" without an @, and a handle with one', () => {
    expect(handleLabel(DELETED_MEMBER)).toBe('Deleted member');
    expect(handleLabel('mayacreates')).toBe('@mayacreates');
    expect(isDeletedUserId(DELETED_ID)).toBe(true);
    expect(isDeletedUserId('local|5f0c2a7e')).toBe(false);
    const membership = {
      free: false,
      amountCents: 1200,
      currency: 'usd',
      joinedAt: '2026-11-25T12:00:00Z',
      paidAt: '2026-11-25T12:00:00Z',
      paymentStatus: 'succeeded' as const,
    };
    expect(receiptLine(membership, DELETED_MEMBER)).toMatch(/^Paid \$12\.00 to Deleted member on /);
  });

  it('names a deleted creator in the offer dialog without linking to a profile', () => {
    const envolvement = buildEnvolvementDto({
      username: DELETED_MEMBER,
      userID: DELETED_ID,
      categories: ['Art'],
      datePublished: '2026-03-07T12:00:00Z',
      active: false,
      isActive: false,
      removed: true,
    });
    const html = renderToStaticMarkup(
      createElement(OfferDialogBody, {
        envolvement,
        description: null,
        viewer: { viewerId: 'local|member', cardPayments: true },
        now: new Date('2026-03-10T12:00:00Z'),
      }),
    );
    expect(text(html)).toContain('By Deleted member');
    expect(html).not.toContain('@Deleted');
    expect(html).not.toContain('href="/profile/');
  });

  it('lists a deleted member without a link to a profile', () => {
    const member = (userID: string, username: string): MemberDto => ({
      purchaseId: `p-${username}`,
      userID,
      username,
      userPicture: null,
      joinedAt: '2026-03-07T12:00:00Z',
      amountCents: 0,
      amountRefundedCents: 0,
      currency: 'usd',
      paymentStatus: null,
      endReason: null,
      refundable: false,
    });
    const html = renderToStaticMarkup(
      withRouter(
        createElement(MembersList, {
          envolvementId: '0b0e6c1e-4a57-4c43-9d7c-2f4a1c9a0001',
          initial: { items: [member(DELETED_ID, DELETED_MEMBER), member('local|kai-1', 'kaib')], nextCursor: null },
          removed: false,
        }),
      ),
    );
    expect(text(html)).toContain('Deleted member');
    expect(html.match(/href="\/profile\/[^"]*"/g)).toEqual(['href="/profile/kai-1"']);
  });
});

describe('the delete account dialog', () => {
  const impact = (overrides: Partial<AccountDeletionImpact> = {}): AccountDeletionImpact => ({
    live: 0,
    drafts: 0,
    members: 0,
    paidMembers: 0,
    refunds: [],
    openCheckouts: 0,
    ownOpenCheckouts: 0,
    memberships: 0,
    stripeDashboard: false,
    ...overrides,
  });
  const said = (value: AccountDeletionImpact) =>
    text(renderToStaticMarkup(createElement(DeleteAccountImpact, { impact: value })));

  it('says what happens with the account’s own numbers', () => {
    const shown = said(
      impact({
        live: 2,
        drafts: 1,
        members: 5,
        paidMembers: 3,
        refunds: [
          { currency: 'eur', cents: 2500 },
          { currency: 'usd', cents: 3998 },
        ],
        openCheckouts: 1,
        ownOpenCheckouts: 2,
        memberships: 4,
        stripeDashboard: true,
      }),
    );
    expect(shown).toContain(
      'Your 3 envolvements (2 live, 1 draft) are removed from Explore, profiles and search. 5 people have joined. 3 paid members are refunded in full (€25.00 and $39.98 in total). Free members keep their access, marked as removed. 1 checkout that buyers opened and have not paid is canceled.',
    );
    expect(shown).toContain('2 checkouts you opened and did not pay are canceled.');
    expect(shown).toContain('You leave the 4 envolvements you joined. What you paid is not refunded.');
    expect(shown).toContain('under "Deleted member"');
    expect(shown).toContain('Your Stripe account stays yours');
    expect(shown).toContain('Open Stripe dashboard');
  });

  it('says so when there is nothing to remove, and offers no Stripe link without an account', () => {
    const shown = said(impact());
    expect(shown).toContain('You have no envolvements to remove.');
    expect(shown).not.toContain('checkout');
    expect(shown).not.toContain('You leave');
    expect(shown).not.toContain('Stripe');
    expect(said(impact({ drafts: 1 }))).toContain(
      'Your 1 envolvement (0 live, 1 draft) is removed from Explore, profiles and search. Nobody has joined it.',
    );
  });
});
