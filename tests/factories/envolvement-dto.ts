import type { EnvolvementDto } from '@/lib/envolvements/types';

/**
 * An envolvement as the API sends it (the spec's shape), for tests that render it: free,
 * unlimited, active, by a live creator, with overrides.
 */
export function buildEnvolvementDto(overrides: Partial<EnvolvementDto> = {}): EnvolvementDto {
  return {
    _id: '0b0e6c1e-4a57-4c43-9d7c-2f4a1c9a0001',
    type: 'BaseEnvolvement',
    title: 'Portrait commission',
    previewText: 'A hand-drawn portrait of you.',
    description: '',
    imgUrl: '',
    username: 'inesdraws',
    creatorName: 'Inès Duarte',
    userPicture: null,
    userID: 'local|creator-1',
    categories: ['Art', 'Tutorials'],
    datePublished: '2026-03-07T12:00:00.000Z',
    price: { price: 0, free: true },
    priceCents: 0,
    currency: 'usd',
    endDate: { endDate: null, none: true },
    targetEnvolvmentDate: null,
    quantity: { quantity: 0, unlimited: true, currentEnvolves: 0 },
    active: true,
    isActive: true,
    comments: false,
    published: { published: false, publishedReleaseDate: null },
    submissions: {
      submissionsAllowed: false,
      submissionsActive: false,
      submissionsIDPair: null,
      submissionDescription: '',
      submissionDeadline: null,
      submissionsDeadline: null,
      submissionContent: { picture: false, description: false, url: false },
    },
    purchasedBy: [],
    purchasedUserIDs: [],
    activityPost: [],
    removed: false,
    membership: null,
    ...overrides,
  };
}
