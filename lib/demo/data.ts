import type { Category } from '@/lib/domain/categories';

// Demo content for a new embedded database: enough to browse every screen.
export const DEMO_PASSWORD = 'envolve-demo';

export const DEMO_USERS = [
  { key: 'maya', name: 'Maya Chen', nickname: 'mayacreates', email: 'maya@demo.envolve.app' },
  { key: 'leo', name: 'Leo Okafor', nickname: 'leoplays', email: 'leo@demo.envolve.app' },
  { key: 'ines', name: 'Inès Duarte', nickname: 'inesdraws', email: 'ines@demo.envolve.app' },
  { key: 'sam', name: 'Sam Rivera', nickname: 'samjoins', email: 'sam@demo.envolve.app' },
  { key: 'kai', name: 'Kai Bennett', nickname: 'kaib', email: 'kai@demo.envolve.app' },
] as const;

export type DemoUserKey = (typeof DEMO_USERS)[number]['key'];

/**
 * The connected account each demo user sells through when `npm run dev` runs its stand-in
 * for Stripe: the seed stores these ids and the stand-in holds them onboarded, so every demo
 * paid offer can be paid. Real Stripe knows none of them.
 */
export const demoPayoutAccountId = (key: DemoUserKey) => `acct_envolvedemo${key}`;

export type DemoEnvolvement = {
  creator: DemoUserKey;
  title: string;
  preview: string;
  description: string;
  categories: Category[];
  priceCents?: number;
  spots?: number; // limited when set
  buyers?: DemoUserKey[];
  endInDays?: number; // negative: already ended
  targetInDays?: number;
  inactive?: boolean;
  submissions?: { picture?: boolean; text?: boolean; url?: boolean; description: string };
  updates?: Array<{ title: string; description: string }>;
};

export const DEMO_ENVOLVEMENTS: DemoEnvolvement[] = [
  {
    creator: 'leo',
    title: 'Squad up with me in ranked',
    preview: 'Join my Friday ranked stream as the fourth player in my squad.',
    description:
      'Every Friday I pick viewers to play ranked with me live. Bring a mic and good vibes; skill level does not matter.',
    categories: ['Gaming', 'Livestreamed'],
    spots: 3,
    buyers: ['sam'],
    endInDays: 12,
    targetInDays: 14,
    updates: [{ title: 'Schedule is up', description: 'First session starts at 8pm UTC. See you there!' }],
  },
  {
    creator: 'leo',
    title: 'Name my next speedrun route',
    preview: 'Suggest and vote on the route I attempt on stream next week.',
    description: 'Submit a route idea with a short explanation. I will try the top three live.',
    categories: ['Gaming', 'Interactive'],
    submissions: { text: true, url: true, description: 'Describe your route and link a video if you have one.' },
    buyers: ['sam', 'kai'],
    endInDays: 20,
  },
  {
    creator: 'leo',
    title: 'Retro game night: viewer picks',
    preview: 'Pick the retro classic we play for a full evening.',
    description: 'A cosy evening of retro games chosen by you. Members vote in the chat.',
    categories: ['Gaming', 'Video'],
    priceCents: 499,
    endInDays: 30,
  },
  {
    creator: 'leo',
    title: 'Coaching session: aim training',
    preview: 'A one-to-one review of your aim with drills you can keep.',
    description: 'Send me a clip, then we meet for 45 minutes to work on crosshair placement and tracking.',
    categories: ['Gaming', 'Tutorials'],
    priceCents: 2999,
    spots: 5,
    endInDays: 25,
    targetInDays: 30,
  },
  {
    creator: 'leo',
    title: 'Tournament bracket seats',
    preview: 'Sixteen seats in my community tournament, sold out fast last time.',
    description: 'Community tournament with prizes. Seats are limited.',
    categories: ['Gaming', 'Other'],
    spots: 2,
    buyers: ['sam', 'kai'],
    endInDays: 9,
  },
  {
    creator: 'ines',
    title: 'Commission: your character in watercolour',
    preview: 'A hand-painted watercolour portrait of your original character.',
    description: 'Send a reference sheet and a few words about your character. Delivered as a high-resolution scan.',
    categories: ['Art'],
    priceCents: 4999,
    spots: 10,
    buyers: [],
    endInDays: 40,
    targetInDays: 60,
    submissions: {
      picture: true,
      text: true,
      description: 'Upload a reference picture and describe the pose you want.',
    },
  },
  {
    creator: 'ines',
    title: 'Live sketch: draw the audience pets',
    preview: 'Send a photo of your pet and watch me sketch it live.',
    description: 'A relaxed live session where I sketch pets from the community.',
    categories: ['Art', 'Livestreamed'],
    submissions: { picture: true, description: 'Send one clear photo of your pet.' },
    buyers: ['sam'],
    updates: [{ title: 'Thank you!', description: 'Over forty pets sketched last time. Doing it again next month.' }],
  },
  {
    creator: 'ines',
    title: 'Ink drawing fundamentals',
    preview: 'A four-week course on line weight, hatching and composition.',
    description: 'Weekly lessons with homework feedback from me.',
    categories: ['Art', 'Tutorials', 'Education'],
    priceCents: 2999,
    endInDays: 18,
    targetInDays: 21,
  },
  {
    creator: 'ines',
    title: 'Zine collaboration',
    preview: 'Contribute a page to our community zine about cities at night.',
    description: 'Each contributor gets a printed copy.',
    categories: ['Art', 'Interactive'],
    spots: 24,
    buyers: ['kai'],
    submissions: { picture: true, text: true, description: 'One page, portrait, 300 dpi.' },
  },
  {
    creator: 'ines',
    title: 'Archived: spring sketchbook swap',
    preview: 'A sketchbook swap that already took place.',
    description: 'Kept for the record; the swap is over.',
    categories: ['Art', 'Other'],
    endInDays: -3,
  },
  {
    creator: 'maya',
    title: 'Write a verse for our community song',
    preview: 'We are writing a song together, one verse per member.',
    description: 'Send your verse; I will arrange and record the final song with everyone credited.',
    categories: ['Music', 'Interactive'],
    submissions: { text: true, description: 'Four to eight lines that fit the chorus.' },
    buyers: ['sam', 'leo'],
  },
  {
    creator: 'maya',
    title: 'Private acoustic set',
    preview: 'A 30-minute acoustic set streamed for members only.',
    description: 'Requests welcome. Recording available afterwards.',
    categories: ['Music', 'Livestreamed'],
    priceCents: 699,
    spots: 50,
    endInDays: 10,
    targetInDays: 12,
  },
  {
    creator: 'maya',
    title: 'Songwriting Q&A',
    preview: 'Ask me anything about writing, producing and releasing songs.',
    description: 'Questions are collected in advance and answered live.',
    categories: ['Q&A', 'Music'],
    endInDays: 6,
  },
  {
    creator: 'maya',
    title: 'Crowdfund the studio album',
    preview: 'Back the album and get your name in the liner notes.',
    description: 'Every backer is credited. Stretch goals include a vinyl pressing.',
    categories: ['Music', 'Other'],
    priceCents: 2999,
    endInDays: 45,
    targetInDays: 90,
    updates: [
      { title: 'Halfway there', description: 'We passed half of the goal in a week. Thank you all!' },
      { title: 'Demo preview', description: 'The first demo is now online for backers.' },
    ],
  },
  {
    creator: 'maya',
    title: 'Cover request night',
    preview: 'Pick a song and I will cover it on the next stream.',
    description: 'One request per member; I play as many as time allows.',
    categories: ['Music', 'Livestreamed', 'Interactive'],
    spots: 20,
    buyers: ['kai'],
  },
  {
    creator: 'maya',
    title: 'Paused: holiday carol choir',
    preview: 'A choir project that is not open right now.',
    description: 'Opens again in December.',
    categories: ['Music'],
    inactive: true,
  },
  {
    creator: 'kai',
    title: 'Ask a travel photographer',
    preview: 'Live Q&A on shooting landscapes on the road.',
    description: 'Bring your questions about gear, light and planning.',
    categories: ['Q&A', 'Travel'],
    endInDays: 8,
  },
  {
    creator: 'kai',
    title: 'Plan my next trip',
    preview: 'Vote on where I travel next and what I film there.',
    description: 'The top suggestion decides my next destination.',
    categories: ['Travel', 'Interactive'],
    submissions: { text: true, url: true, description: 'Suggest a place and why it deserves a video.' },
    buyers: ['sam'],
  },
  {
    creator: 'kai',
    title: 'Photo walk in Lisbon',
    preview: 'Join a small group photo walk through Alfama at golden hour.',
    description: 'Meet at Miradouro de Santa Luzia. Limited to a small group.',
    categories: ['Travel', 'Art'],
    priceCents: 499,
    spots: 8,
    endInDays: 15,
    targetInDays: 16,
  },
  {
    creator: 'kai',
    title: 'Editing masterclass',
    preview: 'How I grade and cut a travel film, step by step.',
    description: 'Project files included.',
    categories: ['Video', 'Tutorials'],
    priceCents: 2999,
    endInDays: 35,
  },
  {
    creator: 'kai',
    title: 'Film a postcard with me',
    preview: 'Send a line of narration for my next travel postcard video.',
    description: 'Your voice, my footage.',
    categories: ['Video', 'Interactive'],
    submissions: { text: true, picture: true, description: 'A short line of narration and, if you like, a photo.' },
  },
  {
    creator: 'sam',
    title: 'Study group: intro to statistics',
    preview: 'A weekly study group for the intro statistics course.',
    description: 'We work through problem sets together.',
    categories: ['Education', 'Q&A'],
    spots: 12,
    buyers: ['kai'],
    endInDays: 21,
  },
  {
    creator: 'sam',
    title: 'Language exchange: Spanish',
    preview: 'Practice Spanish with native speakers every Sunday.',
    description: 'All levels welcome.',
    categories: ['Education', 'Interactive'],
  },
  {
    creator: 'maya',
    title: 'Music theory for producers',
    preview: 'Chords, scales and voice leading for beat makers.',
    description: 'Eight short lessons with exercises.',
    categories: ['Education', 'Music', 'Tutorials'],
    priceCents: 4999,
    endInDays: 50,
  },
  {
    creator: 'leo',
    title: 'Behind the scenes: streaming setup',
    preview: 'A tour of my streaming setup and the settings I use.',
    description: 'OBS scenes, audio chain and lighting explained.',
    categories: ['Tutorials', 'Video'],
  },
  {
    creator: 'ines',
    title: 'Speed-paint challenge',
    preview: 'Give me a prompt and I paint it in 20 minutes.',
    description: 'The best prompts are picked live.',
    categories: ['Art', 'Livestreamed', 'Interactive'],
    spots: 15,
    buyers: ['sam'],
    endInDays: 5,
  },
  {
    creator: 'kai',
    title: 'Documentary screening and chat',
    preview: 'Watch my short documentary together, then talk about it.',
    description: 'A 40-minute film followed by a discussion.',
    categories: ['Video', 'Q&A'],
    priceCents: 299,
    endInDays: 11,
    targetInDays: 13,
  },
  {
    creator: 'leo',
    title: 'Charity stream: games for good',
    preview: 'A 12-hour charity stream; every seat supports the cause.',
    description: 'All proceeds go to a children’s hospital.',
    categories: ['Gaming', 'Other', 'Livestreamed'],
    priceCents: 499,
  },
  {
    creator: 'maya',
    title: 'Open mic for members',
    preview: 'Take the stage on my channel for one song.',
    description: 'Sign up for a slot; the running order is shared the day before.',
    categories: ['Music', 'Interactive'],
    spots: 10,
    endInDays: 14,
  },
  {
    creator: 'sam',
    title: 'Book club: science fiction',
    preview: 'One novel a month, discussed on a video call.',
    description: 'This month: a classic of the genre.',
    categories: ['Education', 'Other'],
  },
];
