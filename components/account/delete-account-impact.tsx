import { StripeLinkButton } from '@/components/payouts/stripe-link-button';
import type { AccountDeletionImpact } from '@/lib/account/impact';
import { DELETED_MEMBER } from '@/lib/domain/deleted-member';
import { formatMoney } from '@/lib/domain/money';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const inTotal = (refunds: AccountDeletionImpact['refunds']) =>
  refunds.map((refund) => formatMoney(refund.cents, refund.currency)).join(' and ');

/** What removing their envolvements does to the people who joined them. */
function EnvolvementsLine({ impact }: { impact: AccountDeletionImpact }) {
  const total = impact.live + impact.drafts;
  if (total === 0) return <li>You have no envolvements to remove.</li>;
  const one = total === 1;
  return (
    <li>
      Your {plural(total, 'envolvement', 'envolvements')} ({impact.live} live,{' '}
      {plural(impact.drafts, 'draft', 'drafts')}) {one ? 'is' : 'are'} removed from Explore, profiles and search.{' '}
      {impact.members > 0
        ? `${plural(impact.members, 'person has', 'people have')} joined.`
        : `Nobody has joined ${one ? 'it' : 'them'}.`}
      {impact.paidMembers > 0 &&
        ` ${plural(impact.paidMembers, 'paid member is', 'paid members are')} refunded in full (${inTotal(impact.refunds)} in total).`}
      {impact.members > impact.paidMembers && ' Free members keep their access, marked as removed.'}
      {impact.openCheckouts > 0 &&
        ` ${plural(impact.openCheckouts, 'checkout', 'checkouts')} that buyers opened and have not paid ${impact.openCheckouts === 1 ? 'is' : 'are'} canceled.`}
    </li>
  );
}

/**
 * What deleting the account does, in this account's numbers: the dialog says it before
 * anything is asked. The Stripe account is the creator's own, with Stripe: it stays.
 */
export function DeleteAccountImpact({ impact }: { impact: AccountDeletionImpact }) {
  return (
    <div className="space-y-4 text-sm text-slate-700" data-testid="delete-account-impact">
      <ul className="list-disc space-y-2 pl-5">
        <EnvolvementsLine impact={impact} />
        {impact.ownOpenCheckouts > 0 && (
          <li>{plural(impact.ownOpenCheckouts, 'checkout', 'checkouts')} you opened and did not pay are canceled.</li>
        )}
        {impact.memberships > 0 && (
          <li>
            You leave the {plural(impact.memberships, 'envolvement', 'envolvements')} you joined. What you paid is not
            refunded.
          </li>
        )}
        <li>
          Your name, handle, e-mail address, picture, bio and links are erased, and you are signed out everywhere. Your
          comments and submissions stay where you left them, under &ldquo;{DELETED_MEMBER}&rdquo;.
        </li>
        <li>Payment and earnings records stay, without your name: money records must be kept.</li>
        <li>You can sign up again with the same e-mail address, as a new account.</li>
      </ul>
      {impact.stripeDashboard && (
        <div className="space-y-2 rounded-xl bg-slate-50 p-4">
          <p>
            Your Stripe account stays yours: payouts on their way still reach you. Open its dashboard to see them, or to
            close it with Stripe.
          </p>
          <StripeLinkButton endpoint="/api/payouts/dashboard" label="Open Stripe dashboard" variant="secondary" />
        </div>
      )}
    </div>
  );
}
