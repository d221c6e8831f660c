// Texts of card checkout that the server sends and the checkout pages show. Pure: the
// browser imports them too.

export const CARD_PAYMENTS_UNAVAILABLE = 'Card payments are not available on this site yet.';

export const UNEXPECTED_PAYMENT_ERROR = 'An unexpected error occurred.';

export const ENVOLVEMENT_NOT_FOUND = 'Envolvement ID not found';
