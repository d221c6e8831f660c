// The newsletter's states and limits. Pure: the schema, the server and the tests share them.

/**
 * pending: the confirmation link was mailed and not yet followed (the address does not
 * count); confirmed: it receives the newsletter; unsubscribed: it asked to stop.
 */
export const NEWSLETTER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;

/** How long a confirmation link works after it is mailed. */
export const NEWSLETTER_LINK_HOURS = 48;

/** What a sign-up answers, whatever the address: it tells nobody who is subscribed. */
export const NEWSLETTER_SIGN_UP_ANSWER =
  'Thank you! If this address can receive our newsletter, a link to confirm it is on its way.';
