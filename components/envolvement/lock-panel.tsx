import { SignInLink } from '@/components/auth/sign-in-link';
import { REMOVED_MESSAGE, type OfferAction } from '@/lib/envolvements/rules';
import { CategoryChips } from './category-chips';
import { OfferActionSlot, type SpotWait } from './offer-action-slot';

type LockPanelProps = {
  envolvementId: string;
  categories: string[];
  /** Null for a visitor, who is asked to sign in first. */
  action: OfferAction | null;
  removed?: boolean;
  /** Where the viewer may wait for a spot on it: the envolvement, and whether they wait. */
  wait?: SpotWait | null;
};

function LockIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="40"
      height="40"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      className="text-brand-600"
      aria-hidden
    >
      <rect x="4" y="11" width="16" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}

/** What stands in for the member tabs: sign in, join, or (once removed) the end of access. */
function lockTexts(signedIn: boolean, removed: boolean) {
  if (removed) return { title: 'Access Ended', message: REMOVED_MESSAGE };
  if (!signedIn)
    return { title: 'Access Required', message: 'Please sign in to view the activity of this Envolvement' };
  return { title: 'Purchase Required', message: 'Please purchase access to view the full content' };
}

/** The member tabs' lock: what members paid for stays behind it, the rest of the page is open. */
export function LockPanel({ envolvementId, categories, action, removed = false, wait }: LockPanelProps) {
  const { title, message } = lockTexts(action !== null, removed);
  return (
    <div
      className="flex flex-col items-center rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-10"
      data-testid="lock-panel"
    >
      <LockIcon />
      <h2 className="mt-3 text-lg font-bold text-ink">{title}</h2>
      <p className="mt-1 text-sm text-slate-600">{message}</p>
      <div className="mt-4">
        <CategoryChips categories={categories} />
      </div>
      {!removed &&
        (action ? (
          <OfferActionSlot action={action} id="lock-panel" className="mt-6 w-full max-w-xs" wait={wait} />
        ) : (
          <SignInLink returnTo={`/envolvement/${envolvementId}`} className="mt-6" />
        ))}
    </div>
  );
}
