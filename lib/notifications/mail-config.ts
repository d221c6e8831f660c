import 'server-only';

/**
 * Whether notifications are e-mailed: with SMTP_URL, through that server; without it,
 * outside production, as .eml files for a developer to read. A production site without
 * SMTP_URL tells people in the product only.
 */
export function mailEnabled(): boolean {
  return Boolean(process.env.SMTP_URL) || process.env.NODE_ENV !== 'production';
}
