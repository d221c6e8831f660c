// What an account's own e-mails and links are for. Pure: the schema's checks, the server
// and the forms share these lists.

/** What a single-use link in an e-mail does. */
export const ACCOUNT_TOKEN_PURPOSES = ['password_reset', 'email_verify', 'email_change'] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

/** The e-mails about an account itself, each a template in lib/mail/account-emails.tsx. */
export const ACCOUNT_MAIL_KINDS = [
  'verify_email',
  'sign_up_attempt',
  'password_reset',
  'email_change_confirm',
  'email_change_notice',
  'export_ready',
  'account_deleted',
] as const;
export type AccountMailKind = (typeof ACCOUNT_MAIL_KINDS)[number];

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
