// The eleven categories of the product. The database refuses any other value
// (see the check constraint on envolvements.categories).
export const CATEGORIES = [
  'Gaming',
  'Interactive',
  'Livestreamed',
  'Video',
  'Other',
  'Art',
  'Tutorials',
  'Travel',
  'Music',
  'Q&A',
  'Education',
] as const;

export type Category = (typeof CATEGORIES)[number];
