import { HANDLE_MAX, HANDLE_MIN, HANDLE_PATTERN } from './accounts';

// Handles: what a public page shows as `@handle`. Pure, for the sign-up form's suggestion
// and the server's checks alike; apart from ./accounts.ts so that pages which only show a
// handle do not carry the reserved list.

/**
 * Handles nobody may take: the names of the site's own pages and of roles a visitor could
 * take for the site speaking. Compared without case.
 */
export const RESERVED_HANDLES = new Set([
  'about',
  'about_us',
  'account',
  'admin',
  'administrator',
  'api',
  'create',
  'deleted',
  'deleted_member',
  'envolve',
  'envolvement',
  'explore',
  'features',
  'help',
  'login',
  'logout',
  'me',
  'moderator',
  'notifications',
  'official',
  'payment',
  'profile',
  'root',
  'security',
  'settings',
  'signin',
  'signup',
  'staff',
  'support',
  'system',
  'team',
]);

/** Why a handle cannot be taken, or null when its form is fine (whether it is free is the database's). */
export function handleProblem(handle: string): string | null {
  if (handle.length < HANDLE_MIN) return `Handle must be at least ${HANDLE_MIN} characters`;
  if (handle.length > HANDLE_MAX) return `Handle must be ${HANDLE_MAX} characters or fewer`;
  if (!HANDLE_PATTERN.test(handle)) return 'Use only letters, digits and underscores';
  if (RESERVED_HANDLES.has(handle.toLowerCase())) return 'That handle is reserved. Please choose another.';
  return null;
}

/**
 * A handle made from a name: its letters and digits, accents dropped, words joined by
 * underscores, at most 20 characters so that digits can follow. Empty when the name has
 * too few letters to make one.
 */
export function handleStem(name: string): string {
  // An address given as a name would show part of it: such a name makes no handle.
  if (name.includes('@')) return '';
  const stem = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 20)
    .replace(/_+$/, '');
  return stem.length >= HANDLE_MIN ? stem : '';
}

/** The handle suggested for a name: its stem, or 'member' and digits when it has none. */
export function suggestHandle(name: string, digits = ''): string {
  const stem = handleStem(name) || 'member';
  const handle = digits ? `${stem}_${digits}` : stem;
  return RESERVED_HANDLES.has(handle) ? `${handle}_1` : handle;
}
