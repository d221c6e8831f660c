// Texts of card checkout that the server sends and the checkout pages show. Pure: the
// browser imports them too.

export const CARD_PAYMENTS_UNAVAILABLE = 'Card payments are not available on this site yet.';

export const UNEXPECTED_PAYMENT_ERROR = 'An unexpected error occurred.';

export const ENVOLVEMENT_NOT_FOUND = 'Envolvement ID not found';

export const CREATOR_CANNOT_TAKE_PAYMENTS = 'The creator of this envolvement cannot take card payments right now.';

/** The spec's early-access hint: without card payments every envolvement is free. */
export const PAID_EARLY_ACCESS = 'Paid envolvements are not available in early access.';

export const PAID_NEEDS_PAYOUTS = 'Connect a Stripe account that can take payments before setting a price.';

/** Shown when Stripe refused to confirm an intent the server had canceled: the checkout starts again at today's terms. */
export const CHECKOUT_RENEWED =
  'The offer changed while this page was open, so nothing was charged. Check the price and pay again.';
