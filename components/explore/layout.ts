// The shapes Explore's cards are laid out in, shared by the cards and their skeletons.

/** A card in a category row: 16rem wide on small screens, 20rem from `sm` up. */
export const ROW_CARD = 'w-64 shrink-0 snap-start sm:w-80';

/** A card's width in a row from `sm` up (w-80), the widest it is drawn: its cover's width. */
export const ROW_COVER_WIDTH = 320;

/** The grid of a filter or of everything. */
export const RESULTS_GRID = 'grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4';
