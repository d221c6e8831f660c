// What an account's own e-mails and links are for. Pure: the schema's checks, the server
// and the forms share these lists.

/** What a single-use link in an e-mail does. */
export const ACCOUNT_TOKEN_PURPOSES = ['password_reset', 'email_verify', 'email_change'] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

/** The e-mails about an account itself, each a template in lib/mail/account-emails.tsx. */
export const ACCOUNT_MAIL_KINDS = [
  'sign_up_confirm',
  'verify_email',
  'sign_up_attempt',
  'password_reset',
  'email_change_confirm',
  'email_change_notice',
  'export_ready',
  'account_deleted',
  'newsletter_confirm',
] as const;
export type AccountMailKind = (typeof ACCOUNT_MAIL_KINDS)[number];

/**
 * The only messages that may go to an address nobody has confirmed: the link that confirms
 * it. Anything else would let a stranger who typed the address aim mail at its owner.
 */
export const CONFIRMATION_MAIL_KINDS: readonly AccountMailKind[] = [
  'sign_up_confirm',
  'verify_email',
  'email_change_confirm',
  'newsletter_confirm',
];

/**
 * A sign-up waiting for its address: queued for the mail job to look the address up, mailed
 * a link to confirm it, confirmed (the account made or claimed), or closed (the address had
 * an account, too many wrong passwords, or another sign-up of the address was confirmed).
 */
export const SIGN_UP_STATUSES = ['queued', 'mailed', 'confirmed', 'closed'] as const;

/** How long a sign-up's link works; wrong passwords it takes before it closes. */
export const SIGN_UP_LIFETIME_MINUTES = 48 * 60;
export const SIGN_UP_PROOF_ATTEMPTS = 5;

/**
 * Requests about an address that are answered alike whoever holds it, and looked up later
 * by the mail job: a password reset, a move of an account to a new address.
 */
export const ACCOUNT_REQUEST_KINDS = ['password_reset', 'email_change'] as const;

export const DATA_EXPORT_STATUSES = ['pending', 'ready', 'failed'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

/** How long each kind of link works. */
export const TOKEN_LIFETIME_MINUTES: Record<AccountTokenPurpose, number> = {
  password_reset: 30,
  email_verify: 48 * 60,
  email_change: 24 * 60,
};

/** How long a finished data export may be downloaded. */
export const EXPORT_LIFETIME_DAYS = 7;

/** A handle: 3 to 30 letters, digits and underscores. */
export const HANDLE_PATTERN = /^[A-Za-z0-9_]{3,30}$/;
export const HANDLE_MIN = 3;
export const HANDLE_MAX = 30;

/** A profile's bio and links. */
export const BIO_MAX = 500;
export const LINKS_MAX = 5;
