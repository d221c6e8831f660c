import { describe, expect, it } from 'vitest';
import { imageFileProblem } from '@/lib/domain/images';
import {
  emptyWizard,
  fileSizeLabel,
  firstStepWithError,
  isStepComplete,
  parseQuantityInput,
  stepOfField,
  toCreationBody,
  toPreviewOffer,
  type WizardState,
} from '@/lib/envolvements/wizard';
import { stepErrors, validateWizard } from '@/lib/envolvements/wizard-check';
import { createEnvolvementSchema } from '@/lib/validation/envolvement';
import { fieldErrorsOf } from '@/lib/validation/check';
import { creationBody, submissionsOff } from '../factories/envolvement-input';

const ready = (overrides: Partial<WizardState> = {}): WizardState => ({
  ...emptyWizard(),
  title: 'Portrait commission',
  previewText: 'A hand-drawn portrait of you.',
  categories: ['Art'],
  ...overrides,
});

describe('the defaults', () => {
  it('start free, unlimited and empty', () => {
    const wizard = emptyWizard();
    expect(wizard).toMatchObject({ price: 0, quantity: 0, unlimited: true, categories: [] });
    // Nothing is opened or published until the creator says so.
    expect(wizard).toMatchObject({ submissionsAllowed: false, published: false });
    // Comments start on: the spec states no default, and a creator turns them off, not on.
    expect(wizard.comments).toBe(true);
    expect(Object.values(wizard.submissionContent)).toEqual([false, false, false]);
    // Every text (title, dates, descriptions, the image's address) starts blank.
    const texts = Object.entries(wizard).filter(([, value]) => typeof value === 'string');
    expect(texts.length).toBeGreaterThanOrEqual(9);
    expect(texts.filter(([, value]) => value !== '')).toEqual([]);
  });
});

describe('step 1 completeness', () => {
  it('needs every one of title, preview text and a category, blank text counting as none', () => {
    expect(isStepComplete(1, emptyWizard())).toBe(false);
    expect(isStepComplete(1, ready())).toBe(true);
    expect(isStepComplete(1, ready({ title: '\t \n' }))).toBe(false);
    expect(isStepComplete(1, ready({ previewText: '   ' }))).toBe(false);
    expect(isStepComplete(1, ready({ categories: [] }))).toBe(false);
    expect(isStepComplete(1, ready({ description: '', imgUrl: '' }))).toBe(true);
    expect(isStepComplete(1, ready({ categories: ['Art', 'Music', 'Q&A'] }))).toBe(true);
  });
});

describe('step 2 completeness', () => {
  it('passes at zero and fails below it, for quantity and price', () => {
    expect(isStepComplete(2, ready({ quantity: 0, price: 0 }))).toBe(true);
    expect(isStepComplete(2, ready({ quantity: 10000, unlimited: false }))).toBe(true);
    expect(isStepComplete(2, ready({ quantity: -1 }))).toBe(false);
    expect(isStepComplete(2, ready({ price: -0.01 }))).toBe(false);
  });
});

describe('steps 3 and 4 completeness', () => {
  it('always pass, even with dates in the wrong order (the final check catches those)', () => {
    const odd = ready({ endDate: '2027-05-10', targetDate: '2027-05-01', submissionsAllowed: true });
    expect(isStepComplete(3, odd)).toBe(true);
    expect(isStepComplete(4, odd)).toBe(true);
    expect(isStepComplete(3, emptyWizard())).toBe(true);
    expect(isStepComplete(4, emptyWizard())).toBe(true);
  });
});

describe('quantity input', () => {
  // Whole numbers up to 10000 stay, above it they are capped, and anything else is 0.
  it.each([
    ['0', 0],
    ['25', 25],
    ['9999', 9999],
    ['10000', 10000],
    ['10001', 10000],
    ['1e9', 10000],
    ['12.7', 12],
    ['', 0],
    ['twelve', 0],
    ['abc', 0],
    ['-3', 0],
    ['-4', 0],
  ])('reads %j as %i', (typed, quantity) => {
    expect(parseQuantityInput(typed)).toBe(quantity);
  });
});

describe('the final check', () => {
  it("gives each of the spec's messages on its own field", () => {
    expect(validateWizard(ready({ title: '  ' }), 'usd')).toEqual({ title: 'Title is required' });
    expect(validateWizard(ready({ previewText: '' }), 'usd')).toEqual({ previewText: 'Preview text is required' });
    expect(validateWizard(ready({ categories: [] }), 'usd')).toEqual({
      categories: 'At least one category is required',
    });
    expect(validateWizard(ready({ price: -1 }), 'usd')).toEqual({ 'price.price': 'Price cannot be negative' });
    expect(validateWizard(ready({ unlimited: false, quantity: -1 }), 'usd')).toEqual({
      'quantity.quantity': 'Quantity cannot be negative',
    });
    expect(validateWizard(ready({ endDate: '2027-05-02', targetDate: '2027-05-01' }), 'usd')).toEqual({
      'endDate.endDate': 'End date cannot be after target envolvement date.',
      targetEnvolvmentDate: 'Target envolvement date cannot be before end date.',
    });
  });

  it('accepts the limits and refuses one past them, counting the trimmed text', () => {
    expect(
      validateWizard(
        ready({ title: 'a'.repeat(200), previewText: 'b'.repeat(1000), description: 'c'.repeat(4000) }),
        'usd',
      ),
    ).toEqual({});
    expect(validateWizard(ready({ title: ` ${'a'.repeat(200)} ` }), 'usd')).toEqual({});
    expect(validateWizard(ready({ title: 'a'.repeat(201) }), 'usd')).toEqual({
      title: 'Title must be 200 characters or fewer',
    });
    expect(validateWizard(ready({ previewText: 'b'.repeat(1001) }), 'usd')).toEqual({
      previewText: 'Preview text must be 1000 characters or fewer',
    });
    expect(validateWizard(ready({ description: 'c'.repeat(4001) }), 'usd')).toEqual({
      description: 'Description must be 4000 characters or fewer',
    });
  });

  it('lets the end date equal the target date, and either stand alone', () => {
    expect(validateWizard(ready({ endDate: '2027-05-01', targetDate: '2027-05-01' }), 'usd')).toEqual({});
    expect(validateWizard(ready({ endDate: '2027-05-01' }), 'usd')).toEqual({});
    expect(validateWizard(ready({ targetDate: '2027-05-01' }), 'usd')).toEqual({});
  });
});

describe('where errors are shown', () => {
  it('knows the step of every field', () => {
    expect(['title', 'previewText', 'description', 'imgUrl', 'categories'].map(stepOfField)).toEqual([1, 1, 1, 1, 1]);
    expect(['price.price', 'quantity.quantity', 'quantity'].map(stepOfField)).toEqual([2, 2, 2]);
    expect(['endDate.endDate', 'targetEnvolvmentDate'].map(stepOfField)).toEqual([3, 3]);
    expect(
      [
        'submissions.submissionDeadline',
        'submissions.submissionDescription',
        'published.publishedReleaseDate',
        'anythingElse',
      ].map(stepOfField),
    ).toEqual([4, 4, 4, 4]);
  });

  it('goes back to the first step holding an error', () => {
    expect(firstStepWithError({})).toBeNull();
    expect(firstStepWithError({ 'endDate.endDate': 'x', 'quantity.quantity': 'y' })).toBe(2);
    expect(firstStepWithError({ 'submissions.submissionDeadline': 'x', 'categories.1': 'y' })).toBe(1);
    expect(firstStepWithError({ 'published.publishedReleaseDate': 'x' })).toBe(4);
  });

  it("shows a step's own errors while it is being filled in", () => {
    const state = ready({
      title: '',
      categories: [],
      unlimited: false,
      quantity: -1,
      endDate: '2027-05-02',
      targetDate: '2027-05-01',
    });
    expect(stepErrors(1, state, 'usd')).toEqual({
      title: 'Title is required',
      categories: 'At least one category is required',
    });
    expect(stepErrors(2, state, 'usd')).toEqual({ 'quantity.quantity': 'Quantity cannot be negative' });
    expect(Object.keys(stepErrors(3, state, 'usd'))).toEqual(['endDate.endDate', 'targetEnvolvmentDate']);
    expect(stepErrors(4, state, 'usd')).toEqual({});
  });
});

describe('the cover file', () => {
  it('must be chosen, an image, and at most 10 MB', () => {
    expect(imageFileProblem(null)).toBe('Please select a file first');
    expect(imageFileProblem({ type: 'application/pdf', size: 10 })).toBe(
      'Please choose an image file (PNG, JPG or GIF)',
    );
    expect(imageFileProblem({ type: 'image/png', size: 10 * 1024 * 1024 })).toBeNull();
    expect(imageFileProblem({ type: 'image/png', size: 10 * 1024 * 1024 + 1 })).toBe('Image must be 10 MB or smaller');
    // An unknown type goes to the server, which reads the bytes.
    expect(imageFileProblem({ type: '', size: 10 })).toBeNull();
  });

  it('shows its size in MB', () => {
    expect(fileSizeLabel(0)).toBe('0.00 MB');
    expect(fileSizeLabel(1536 * 1024)).toBe('1.50 MB');
    expect(fileSizeLabel(10 * 1024 * 1024)).toBe('10.00 MB');
  });
});

describe('the preview', () => {
  const creator = { nickname: 'inesdraws', picture: null };

  it("shows the spec's placeholders for an empty form", () => {
    expect(toPreviewOffer(emptyWizard(), creator)).toEqual({
      title: 'Your Title',
      previewText: 'Your preview text will appear here.',
      description: 'Your detailed description will appear here.',
      imgUrl: '',
      priceCents: 0,
      endDate: { endDate: null, none: true },
      quantity: { quantity: 0, unlimited: true, currentEnvolves: 0 },
      username: 'inesdraws',
      userPicture: null,
      categories: [],
    });
  });

  it('shows what has been typed', () => {
    const offer = toPreviewOffer(
      ready({ unlimited: false, quantity: 8, endDate: '2027-01-02', imgUrl: '/uploads/covers/a.png' }),
      creator,
    );
    expect(offer).toMatchObject({
      title: 'Portrait commission',
      previewText: 'A hand-drawn portrait of you.',
      imgUrl: '/uploads/covers/a.png',
      endDate: { endDate: new Date(2027, 0, 2).toISOString(), none: false },
      quantity: { quantity: 8, unlimited: false, currentEnvolves: 0 },
    });
  });
});

describe('the creation body', () => {
  it('maps a whole form to the spec body: trimmed text, local-midnight dates, free and limited', () => {
    const body = toCreationBody(
      ready({
        title: '  Portrait commission  ',
        previewText: ' A hand-drawn portrait of you. ',
        description: '  Details.  ',
        welcomeMessage: '  Thanks for joining!  ',
        imgUrl: '/uploads/covers/a.png',
        categories: ['Art', 'Tutorials'],
        unlimited: false,
        quantity: 12,
        endDate: '2027-05-01',
        targetDate: '2027-05-20',
        submissionsAllowed: true,
        submissionDescription: '  A photo of you  ',
        submissionDeadline: '2027-05-10',
        submissionContent: { picture: true, description: false, url: true },
        comments: true,
        published: true,
        publishedReleaseDate: '2027-06-01',
      }),
    );
    // What is not named here (type, isActive, file, the free price, activityPostJSON) is as in the factory's body.
    expect(body).toEqual(
      creationBody({
        title: 'Portrait commission',
        previewText: 'A hand-drawn portrait of you.',
        description: 'Details.',
        welcomeMessage: 'Thanks for joining!',
        quantity: { quantity: 12, unlimited: false, currentEnvolves: 0 },
        categories: ['Art', 'Tutorials'],
        endDate: { endDate: new Date(2027, 4, 1).toISOString(), none: false },
        submissions: {
          submissionsAllowed: true,
          submissionsActive: false,
          submissionsIDPair: null,
          submissionDescription: 'A photo of you',
          submissionDeadline: new Date(2027, 4, 10).toISOString(),
          submissionContent: { picture: true, description: false, url: true },
        },
        comments: true,
        published: { published: true, publishedReleaseDate: new Date(2027, 5, 1).toISOString() },
        imgUrl: '/uploads/covers/a.png',
        targetEnvolvmentDate: new Date(2027, 4, 20).toISOString(),
      }),
    );
  });

  it('sends quantity 0 when unlimited, no end date as none, and nothing the switched-off settings held', () => {
    const body = toCreationBody(
      ready({
        unlimited: true,
        quantity: 40,
        submissionsAllowed: false,
        submissionDescription: 'left over',
        submissionDeadline: '2027-05-10',
        submissionContent: { picture: true, description: true, url: true },
        published: false,
        publishedReleaseDate: '2027-06-01',
      }),
    );
    expect(body.quantity).toEqual({ quantity: 0, unlimited: true, currentEnvolves: 0 });
    expect(body.endDate).toEqual({ endDate: null, none: true });
    expect(body.targetEnvolvmentDate).toBeNull();
    expect(body.submissions).toEqual(submissionsOff());
    expect(body.published).toEqual({ published: false, publishedReleaseDate: null });
  });

  it('sends price 0 as free, a negative price as it is for the schema to refuse, and never an identity', () => {
    expect(toCreationBody(ready({ price: 0 })).price).toEqual({ price: 0, free: true });
    expect(toCreationBody(ready({ price: -5 })).price).toEqual({ price: -5, free: false });
    const body = toCreationBody(ready());
    for (const key of ['userID', 'username', 'userPicture']) expect(body).not.toHaveProperty(key);
  });
});

describe('the body against the server schema', () => {
  it('is accepted as the wizard sends it', () => {
    const body = toCreationBody(
      ready({
        unlimited: false,
        quantity: 3,
        endDate: '2031-01-01',
        targetDate: '2031-02-01',
        submissionsAllowed: true,
        submissionDescription: 'A photo of your kite',
        submissionContent: { picture: true, description: false, url: false },
        submissionDeadline: '2031-01-15',
        published: true,
        publishedReleaseDate: '2031-03-01',
      }),
    );
    expect(createEnvolvementSchema('usd').safeParse(body).success).toBe(true);
  });

  it('is refused by the server with the messages and field paths the wizard showed', () => {
    for (const state of [
      ready({ title: ' ' }),
      ready({ previewText: '' }),
      ready({ categories: [] }),
      ready({ endDate: '2031-02-02', targetDate: '2031-02-01' }),
    ]) {
      const result = createEnvolvementSchema('usd').safeParse(toCreationBody(state));
      expect(result.success).toBe(false);
      expect(fieldErrorsOf(result.error!)).toEqual(validateWizard(state, 'usd'));
    }
  });
});
