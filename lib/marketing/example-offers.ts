// The five sample offers the home page's carousel shows, marked as examples, while nothing is
// published yet (./hero.ts).
export const EXAMPLE_OFFERS = [
  {
    title: 'Custom character commission',
    preview: 'A full-colour illustration of your original character.',
    price: 49.99,
    creator: 'inesdraws',
    cover: '/demo/art.svg',
  },
  {
    title: 'Crowdfund the studio album',
    preview: 'Back the record and get your name in the liner notes.',
    price: 29.99,
    creator: 'mayacreates',
    cover: '/demo/music.svg',
  },
  {
    title: 'Play ranked with me',
    preview: 'Take a seat in my squad on the Friday stream.',
    price: 4.99,
    creator: 'leoplays',
    cover: '/demo/gaming.svg',
  },
  {
    title: 'Vote on my next trip',
    preview: 'Pick where I travel and film next month.',
    price: 2.99,
    creator: 'kaib',
    cover: '/demo/travel.svg',
  },
  {
    title: 'Live Q&A seat',
    preview: 'Ask your question first in the members-only Q&A.',
    price: 6.99,
    creator: 'samjoins',
    cover: '/demo/qa.svg',
  },
] as const;
