/** The attribute on a card's link that OfferDialogs opens as a dialog; its value is the envolvement's id. */
export const DIALOG_LINK = 'data-offer-dialog';
