// The shapes Explore's cards are laid out in, shared by the cards and their skeletons.

/** A card in a category row: 16rem wide on small screens, 20rem from `sm` up. */
export const ROW_CARD = 'w-64 shrink-0 snap-start sm:w-80';

/** The grid of a filter or of everything. */
export const RESULTS_GRID = 'grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4';
