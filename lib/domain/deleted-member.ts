// How a deleted account shows wherever it once did. Pure and small: the cards and the
// checkout carry it to the browser.

/** What comments, member lists and exports show for someone who deleted their account. */
export const DELETED_MEMBER = 'Deleted member';

/**
 * The id a deleted account's anonymous row takes: `deleted|<uuid>`, never one a sign-in
 * gives (`local|…`, `oidc|…`), so a person who signs up again, even with the same identity,
 * starts as someone new.
 */
export const DELETED_ID_PREFIX = 'deleted|';

export const isDeletedUserId = (userId: string) => userId.startsWith(DELETED_ID_PREFIX);

/**
 * A handle as pages show it: `@handle`. A deleted account keeps none, and its `username`
 * (handle, else name) is "Deleted member", which no handle can be (handles hold no space):
 * it shows as it is, without an '@' that would make it read as a handle.
 */
export const handleLabel = (username: string) => (username === DELETED_MEMBER ? DELETED_MEMBER : `@${username}`);
