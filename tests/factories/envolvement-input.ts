/** The submissions part of a creation body whose creator left submissions off. */
export const submissionsOff = () => ({
  submissionsAllowed: false,
  submissionsActive: false,
  submissionsIDPair: null,
  submissionDescription: '',
  submissionDeadline: null,
  submissionContent: { picture: false, description: false, url: false },
});

// A valid creation body as the wizard sends it (spec section 3), with overrides.
export function creationBody(overrides: Record<string, unknown> = {}) {
  return {
    type: 'BaseEnvolvement',
    isActive: false,
    title: 'Draw my character',
    previewText: 'A quick sketch of your character',
    description: 'Send a reference and I will sketch it live.',
    file: '',
    price: { price: 0, free: true },
    quantity: { quantity: 0, unlimited: true, currentEnvolves: 0 },
    categories: ['Art'],
    endDate: { endDate: null, none: true },
    submissions: submissionsOff(),
    comments: true,
    published: { published: false, publishedReleaseDate: null },
    imgUrl: '',
    targetEnvolvmentDate: null,
    activityPostJSON: '',
    ...overrides,
  };
}

/** A valid body of the edit form (PUT /api/post/{id}): published, $2.50, 10 spots; with overrides. */
export function editBody(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Edited title',
    previewText: 'Edited preview',
    description: 'Edited description',
    imgUrl: '',
    price: { price: 2.5, free: false },
    quantity: { quantity: 10, unlimited: false },
    categories: ['Music'],
    endDate: { endDate: null, none: true },
    targetEnvolvmentDate: null,
    isActive: true,
    ...overrides,
  };
}

export const daysFromNow = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString();
