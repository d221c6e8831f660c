import type { Category } from '@/lib/domain/categories';
import { LIMITS, priceLimitsIn } from '@/lib/validation/envolvement-limits';
import type { FieldErrors } from '@/lib/validation/field-errors';
import type { OfferFace } from './types';

// The create wizard's rules: pure, so the form and the tests share them.

export const WIZARD_STEPS = [
  'Basic Information',
  'Pricing & Availability',
  'Important Dates',
  'Envolvement Settings',
] as const;

export type WizardState = {
  title: string;
  previewText: string;
  description: string;
  welcomeMessage: string;
  imgUrl: string;
  categories: Category[];
  price: number;
  quantity: number;
  unlimited: boolean;
  endDate: string; // yyyy-mm-dd, '' for none
  targetDate: string;
  submissionsAllowed: boolean;
  submissionDescription: string;
  submissionDeadline: string;
  submissionContent: { picture: boolean; description: boolean; url: boolean };
  comments: boolean;
  published: boolean;
  publishedReleaseDate: string;
};

export function emptyWizard(): WizardState {
  return {
    title: '',
    previewText: '',
    description: '',
    welcomeMessage: '',
    imgUrl: '',
    categories: [],
    price: 0,
    quantity: 0,
    unlimited: true,
    endDate: '',
    targetDate: '',
    submissionsAllowed: false,
    submissionDescription: '',
    submissionDeadline: '',
    submissionContent: { picture: false, description: false, url: false },
    // The spec states no default: comments start on, and the creator may turn them off.
    comments: true,
    published: false,
    publishedReleaseDate: '',
  };
}

/**
 * What step `step` (1-based) still needs before Next may leave it; empty when complete.
 * Amounts are named in `currency`, the one the price is asked in.
 */
export function missingForStep(step: number, state: WizardState, currency: string): string[] {
  if (step === 1) {
    return [
      state.title.trim() === '' && 'a title',
      state.previewText.trim() === '' && 'a preview text',
      state.categories.length === 0 && 'at least one category',
    ].filter((part): part is string => Boolean(part));
  }
  if (step === 2) {
    const { price } = state;
    return [
      (Number.isNaN(price) || price < 0) && 'a price of zero or more',
      price > 0 && price < LIMITS.priceMin && `a price of at least ${priceLimitsIn(currency).min}`,
      price > LIMITS.priceMax && `a price of at most ${priceLimitsIn(currency).max}`,
      state.quantity < 0 && 'a quantity of zero or more',
    ].filter((part): part is string => Boolean(part));
  }
  return [];
}

/**
 * What Create still needs beyond the steps' own checks: submissions allowed are opened with
 * the envolvement, so they need instructions and at least one type. Empty when ready.
 */
export function missingForCreate(state: WizardState): string[] {
  if (!state.submissionsAllowed) return [];
  const { picture, description, url } = state.submissionContent;
  return [
    state.submissionDescription.trim() === '' && 'a submission description',
    !picture && !description && !url && 'at least one submission type',
  ].filter((part): part is string => Boolean(part));
}

/** Whether Next may leave step `step` (1-based). The currency only words what is missing, so any will do. */
export function isStepComplete(step: number, state: WizardState): boolean {
  return missingForStep(step, state, 'usd').length === 0;
}

const listed = (missing: string[]) =>
  missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)}`;

/** Why Next is disabled, in words: 'Add a title and at least one category to continue.' */
export function nextHint(step: number, state: WizardState, currency: string): string | null {
  const missing = missingForStep(step, state, currency);
  return missing.length ? `Add ${listed(missing)} to continue.` : null;
}

/** Why Create is disabled, in words: 'Add a submission description to create.' */
export function createHint(state: WizardState): string | null {
  const missing = missingForCreate(state);
  return missing.length ? `Add ${listed(missing)} to create.` : null;
}

/** The quantity input: capped at 10000, anything not a number becomes 0. */
export function parseQuantityInput(text: string): number {
  const value = Math.floor(Number(text));
  if (!Number.isFinite(value) || value < 0) return 0;
  return Math.min(value, LIMITS.quantityMax);
}

/** Turning 'User Submissions' off clears everything it revealed. */
export function setSubmissionsAllowed(state: WizardState, allowed: boolean): WizardState {
  if (allowed) return { ...state, submissionsAllowed: true };
  return {
    ...state,
    submissionsAllowed: false,
    submissionDescription: '',
    submissionDeadline: '',
    submissionContent: { picture: false, description: false, url: false },
  };
}

/** A yyyy-mm-dd input as ISO text at local midnight. */
function localMidnight(value: string): string | null {
  if (!value) return null;
  const [y, m, d] = value.split('-').map(Number);
  return new Date(y!, m! - 1, d!).toISOString();
}

/** The creation body of the spec (section 3). Identity fields are left to the server. */
export function toCreationBody(state: WizardState) {
  // A negative price is sent as it is, for the schema to refuse with its message.
  const free = state.price === 0;
  return {
    type: 'BaseEnvolvement' as const,
    isActive: false,
    title: state.title.trim(),
    previewText: state.previewText.trim(),
    description: state.description.trim(),
    welcomeMessage: state.welcomeMessage.trim(),
    file: '',
    price: { price: state.price, free },
    quantity: { quantity: state.unlimited ? 0 : state.quantity, unlimited: state.unlimited, currentEnvolves: 0 },
    categories: state.categories,
    endDate: { endDate: localMidnight(state.endDate), none: !state.endDate },
    submissions: {
      submissionsAllowed: state.submissionsAllowed,
      submissionsActive: false,
      submissionsIDPair: null,
      // Only what the 'User Submissions' toggle revealed, and only while it is on.
      submissionDescription: state.submissionsAllowed ? state.submissionDescription.trim() : '',
      submissionDeadline: state.submissionsAllowed ? localMidnight(state.submissionDeadline) : null,
      submissionContent: state.submissionsAllowed
        ? state.submissionContent
        : { picture: false, description: false, url: false },
    },
    comments: state.comments,
    published: {
      published: state.published,
      publishedReleaseDate: state.published ? localMidnight(state.publishedReleaseDate) : null,
    },
    imgUrl: state.imgUrl,
    targetEnvolvmentDate: localMidnight(state.targetDate),
    activityPostJSON: '',
  };
}

// The step that holds each field, so that a failed check can show the first step with an error.
const FIELD_STEP: Record<string, number> = {
  title: 1,
  previewText: 1,
  description: 1,
  welcomeMessage: 1,
  imgUrl: 1,
  categories: 1,
  price: 2,
  quantity: 2,
  endDate: 3,
  targetEnvolvmentDate: 3,
};

/** The step a field (a path such as 'price.price') lives on; submission and release settings are on step 4. */
export function stepOfField(field: string): number {
  return FIELD_STEP[field.split('.')[0]!] ?? 4;
}

/** The first step with an error, or null when there is none. */
export function firstStepWithError(errors: FieldErrors): number | null {
  const steps = Object.keys(errors).map(stepOfField);
  return steps.length ? Math.min(...steps) : null;
}

/** A file size in MB with two decimals, as the uploader shows it. */
export function fileSizeLabel(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

/** What the preview shows while the form is filled in: the card's fields, or the spec's placeholders. */
export function toPreviewOffer(state: WizardState, creator: { nickname: string; picture: string | null }): OfferFace {
  const end = localMidnight(state.endDate);
  return {
    title: state.title.trim() || 'Your Title',
    previewText: state.previewText.trim() || 'Your preview text will appear here.',
    description: state.description.trim() || 'Your detailed description will appear here.',
    imgUrl: state.imgUrl,
    priceCents: Math.max(0, Math.round(state.price * 100)),
    endDate: { endDate: end, none: !end },
    quantity: { quantity: state.unlimited ? 0 : state.quantity, unlimited: state.unlimited, currentEnvolves: 0 },
    username: creator.nickname,
    userPicture: creator.picture,
    categories: state.categories,
  };
}
