// Every rate limit of the app, in one place (docs/security.md lists them, and a test holds the two together).
// `points` requests (or, for sign-in, failed attempts) per `duration` seconds; who is
// counted is the limit's key: an account, an IP address or a signed-in user.

export type RateLimit = {
  points: number;
  duration: number;
  /** Shown to the person who hit it; `{wait}` becomes 'N minutes' or 'N seconds'. */
  message: string;
};

const HOUR = 60 * 60;

export const RATE_LIMITS = {
  /**
   * Password checks per account, counted before each check and given back by a success
   * (which clears the account's count): after the fifth failure the account waits out the window.
   */
  signInAccount: {
    points: 5,
    duration: 15 * 60,
    message: 'Too many failed sign-in attempts for this account. Please try again in {wait}.',
  },
  /** Failed sign-ins per IP address, whichever accounts they try (counted the same way). */
  signInIp: {
    points: 30,
    duration: 15 * 60,
    message: 'Too many failed sign-in attempts from your network. Please try again in {wait}.',
  },
  /** New accounts per IP address (an e-mail already taken counts as well). */
  signUpIp: {
    points: 10,
    duration: 60 * 60,
    message: 'Too many sign-ups from your network. Please try again in {wait}.',
  },
  /** Password changes per user. */
  passwordChange: { points: 5, duration: 15 * 60, message: 'Too many password changes. Please try again in {wait}.' },
  /**
   * Newsletter sign-ups per IP address, whatever addresses they name; each address is also
   * capped by `addressMail` (lib/newsletter/service.ts).
   */
  newsletterIp: { points: 10, duration: HOUR, message: 'Too many sign-ups. Please try again in {wait}.' },
  /** Newsletter confirmation links followed per IP address. */
  newsletterConfirmIp: { points: 30, duration: 10 * 60, message: 'Too many attempts. Please try again in {wait}.' },
  /** Ambassador applications per IP address. */
  ambassadorIp: { points: 5, duration: 60 * 60, message: 'Too many applications. Please try again in {wait}.' },
  /** Image uploads (covers, update pictures, banners) per user. */
  upload: { points: 30, duration: 10 * 60, message: 'Too many uploads. Please try again in {wait}.' },
  /** Reports next-auth's browser client sends to /api/auth/_log, per IP address. */
  clientLogIp: { points: 10, duration: 10 * 60, message: 'Too many reports. Please try again in {wait}.' },
  /** Card checkouts started per user. */
  paymentIntent: { points: 20, duration: 10 * 60, message: 'Too many payment attempts. Please try again in {wait}.' },
  /** Joins and card payment confirmations per user: a confirmation asks Stripe about the payment. */
  grantAccess: { points: 30, duration: 10 * 60, message: 'Too many join attempts. Please try again in {wait}.' },
  /** Stripe onboarding and dashboard links per user: each one is a call to Stripe. */
  payoutLinks: { points: 20, duration: 10 * 60, message: 'Too many Stripe links. Please try again in {wait}.' },
  /** Earnings reads and exports per user. */
  earnings: { points: 120, duration: 10 * 60, message: 'Too many earnings requests. Please try again in {wait}.' },
  /** Starts and stops of waiting for a spot on a sold-out envolvement, per user. */
  spotWait: { points: 30, duration: 10 * 60, message: 'Too many waitlist changes. Please try again in {wait}.' },
  /** Follows and unfollows of creators per user. */
  follow: { points: 60, duration: 10 * 60, message: 'Too many follow changes. Please try again in {wait}.' },
  /** Comments written, edited or deleted per user. */
  comment: { points: 30, duration: 10 * 60, message: 'Too many comments. Please try again in {wait}.' },
  /** "Forgot password" requests per IP address, whatever addresses they name. */
  passwordResetIp: { points: 10, duration: HOUR, message: 'Too many reset requests. Please try again in {wait}.' },
  /**
   * Account e-mails of every kind sent to one address (confirmations, resets, notices), counted
   * where each is queued (lib/users/account-mail.ts). Past it a request is answered as before
   * but sends nothing, so the answer never tells whether an address has an account.
   */
  addressMail: { points: 5, duration: HOUR, message: 'Too many e-mails to this address.' },
  /** Confirmation e-mails asked again per user. */
  verificationResend: { points: 3, duration: HOUR, message: 'Too many confirmations. Please try again in {wait}.' },
  /** E-mail address changes asked per user. */
  emailChange: { points: 5, duration: HOUR, message: 'Too many address changes. Please try again in {wait}.' },
  /** Profile edits (name, handle, bio, links, picture) per user. */
  profileEdit: { points: 30, duration: 10 * 60, message: 'Too many profile changes. Please try again in {wait}.' },
  /** Data exports asked per user. */
  dataExport: { points: 3, duration: 24 * HOUR, message: 'Too many data exports. Please try again in {wait}.' },
  /** Account deletions tried per user (each checks the password). */
  accountDelete: { points: 5, duration: 15 * 60, message: 'Too many attempts. Please try again in {wait}.' },
  /**
   * The top bar's suggestions per IP address: one a keystroke or so while someone types, and
   * each new text is a search of the database.
   */
  searchSuggestIp: { points: 120, duration: 60, message: 'Too many searches. Please wait {wait} and try again.' },
  /** User searches per user, or per IP address for visitors. */
  userSearch: { points: 60, duration: 60, message: 'Too many searches. Please wait {wait} and try again.' },
} as const satisfies Record<string, RateLimit>;

export type RateLimitName = keyof typeof RATE_LIMITS;

/** '1 minute', '14 minutes', '30 seconds': the wait in words for the forms. */
export function describeWait(seconds: number): string {
  if (seconds < 60) {
    const s = Math.max(Math.ceil(seconds), 1);
    return `${s} second${s === 1 ? '' : 's'}`;
  }
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
