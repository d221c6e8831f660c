'use client';

import { useState } from 'react';
import { CategoryPicker } from '@/components/envolvement/category-picker';
import { FreeOnlyPrice } from '@/components/envolvement/free-only-price';
import { todayInput } from '@/components/envolvement/dates';
import { Field, Input, Textarea } from '@/components/ui/field';
import { Switch } from '@/components/ui/switch';
import { LIMITS, priceLimitsIn } from '@/lib/validation/envolvement-limits';
import { fieldError, type FieldErrors } from '@/lib/validation/field-errors';
import { parsePriceInput, receiveLine, type Selling } from '@/lib/domain/selling';
import { parseQuantityInput, setSubmissionsAllowed, type WizardState } from '@/lib/envolvements/wizard';
import { CoverUploader } from './cover-uploader';

export const STEP_HEADING_ID = 'wizard-step-heading';

export type StepProps = {
  state: WizardState;
  update: (next: Partial<WizardState> | ((s: WizardState) => WizardState)) => void;
  /** Keyed by the body's paths ('price.price'); each field shows what lies at or inside its path. */
  errors: FieldErrors;
  /** Marks a field as visited, so that its error shows before the final check. */
  touch: (field: string) => void;
  /** Whether this creator may set a price, and the platform's fee. */
  selling: Selling;
};

/** The step's heading: where focus goes when the step changes, so the change is announced. */
function StepHeading({ children }: { children: string }) {
  return (
    <h2 id={STEP_HEADING_ID} tabIndex={-1} className="text-lg font-semibold text-ink focus:outline-none">
      {children}
    </h2>
  );
}

/** Title and preview text: required, counted, and checked once the user leaves them. */
function TitleFields({ state, update, errors, touch }: Omit<StepProps, 'selling'>) {
  return (
    <>
      <Field
        id="title"
        label="Title"
        error={fieldError(errors, 'title')}
        hint={`${state.title.length}/${LIMITS.title}`}
      >
        <Input
          value={state.title}
          maxLength={LIMITS.title}
          placeholder="Give your envolvement a name"
          onChange={(e) => update({ title: e.target.value })}
          onBlur={() => touch('title')}
          onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
        />
      </Field>
      <Field
        id="previewText"
        label="Preview text"
        error={fieldError(errors, 'previewText')}
        hint={`${state.previewText.length}/${LIMITS.previewText}`}
      >
        <Textarea
          value={state.previewText}
          maxLength={LIMITS.previewText}
          placeholder="A short teaser shown on cards"
          onChange={(e) => update({ previewText: e.target.value })}
          onBlur={() => touch('previewText')}
        />
      </Field>
    </>
  );
}

export function BasicsStep({ state, update, errors, touch }: StepProps) {
  return (
    <div className="space-y-5">
      <StepHeading>Basic Information</StepHeading>
      <TitleFields state={state} update={update} errors={errors} touch={touch} />
      <Field
        id="description"
        label="Description"
        error={fieldError(errors, 'description')}
        hint={`${state.description.length}/${LIMITS.description}`}
      >
        <Textarea
          className="min-h-32"
          value={state.description}
          maxLength={LIMITS.description}
          placeholder="Everything people should know"
          onChange={(e) => update({ description: e.target.value })}
        />
      </Field>
      <CoverUploader
        id="cover"
        value={state.imgUrl}
        onChange={(url) => update({ imgUrl: url })}
        error={fieldError(errors, 'imgUrl')}
      />
      <CategoryPicker
        value={state.categories}
        onChange={(categories) => {
          update({ categories });
          touch('categories');
        }}
        error={fieldError(errors, 'categories')}
      />
    </div>
  );
}

/** The price: Free in early access, or what the creator asks when they can be paid. */
function PriceField({ state, update, errors, touch, selling }: StepProps) {
  // The typed text, so '12.' or '0.5' survive while the number behind them is kept.
  const [text, setText] = useState(state.price ? String(state.price) : '');
  if (!selling.canSell) {
    return <FreeOnlyPrice id="price" error={fieldError(errors, 'price')} stripeConfigured={selling.stripeConfigured} />;
  }
  const cents = Math.round(state.price * 100);
  const limits = priceLimitsIn(selling.currency);
  return (
    <Field
      id="price"
      label={`Price (${selling.currency.toUpperCase()})`}
      hint={
        cents > 0 && Number.isFinite(cents)
          ? receiveLine(cents, selling.feePercent, selling.currency)
          : `Leave empty for free, or ask from ${limits.min} to ${limits.max}.`
      }
      error={fieldError(errors, 'price')}
    >
      <Input
        type="number"
        inputMode="decimal"
        min={0}
        max={LIMITS.priceMax}
        step="0.01"
        placeholder="Free"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          update({ price: parsePriceInput(e.target.value) });
        }}
        onBlur={() => touch('price')}
      />
    </Field>
  );
}

export function PricingStep(props: StepProps) {
  const { state, update, errors } = props;
  return (
    <div className="space-y-5">
      <StepHeading>Pricing & Availability</StepHeading>
      <PriceField {...props} />
      <Field
        id="quantity"
        label="Quantity"
        hint="How many people can join (up to 10000)"
        error={fieldError(errors, 'quantity')}
      >
        <Input
          type="number"
          min={0}
          max={LIMITS.quantityMax}
          inputMode="numeric"
          disabled={state.unlimited}
          placeholder={state.unlimited ? 'Unlimited' : '0'}
          value={state.unlimited ? '' : String(state.quantity)}
          onChange={(e) => update({ quantity: parseQuantityInput(e.target.value) })}
        />
      </Field>
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          className="h-4 w-4 accent-brand-600"
          checked={state.unlimited}
          onChange={(e) => update({ unlimited: e.target.checked })}
        />
        Unlimited
      </label>
    </div>
  );
}

export function DatesStep({ state, update, errors }: StepProps) {
  const today = todayInput();
  return (
    <div className="space-y-5">
      <StepHeading>Important Dates</StepHeading>
      <Field
        id="endDate"
        label="End Date"
        hint="When this envolvement will no longer be available"
        error={fieldError(errors, 'endDate')}
      >
        <Input
          type="date"
          min={today}
          max={state.targetDate || undefined}
          value={state.endDate}
          onChange={(e) => update({ endDate: e.target.value })}
        />
      </Field>
      <Field
        id="targetDate"
        label="Target Envolvement Date"
        hint="When the main activity will occur"
        error={fieldError(errors, 'targetEnvolvmentDate')}
      >
        <Input
          type="date"
          min={state.endDate || today}
          value={state.targetDate}
          onChange={(e) => update({ targetDate: e.target.value })}
        />
      </Field>
    </div>
  );
}

const TYPES = [
  ['description', 'Text Description'],
  ['picture', 'Pictures'],
  ['url', 'URLs'],
] as const;

/** What 'User Submissions' reveals: instructions, the accepted types and a deadline. */
function SubmissionSettings({ state, update, errors }: Omit<StepProps, 'touch' | 'selling'>) {
  const today = todayInput();
  return (
    <div className="space-y-4 rounded-xl bg-slate-50 p-4">
      <Field
        id="submissionDescription"
        label="Submission Description"
        error={fieldError(errors, 'submissions.submissionDescription')}
      >
        <Textarea
          placeholder="Explain what users should submit"
          value={state.submissionDescription}
          maxLength={LIMITS.submissionDescription}
          onChange={(e) => update({ submissionDescription: e.target.value })}
        />
      </Field>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Allowed Submission Types</legend>
        <div className="mt-2 flex flex-wrap gap-4">
          {TYPES.map(([key, label]) => (
            <label key={key} className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                className="h-4 w-4 accent-brand-600"
                checked={state.submissionContent[key]}
                onChange={(e) =>
                  update((s) => ({ ...s, submissionContent: { ...s.submissionContent, [key]: e.target.checked } }))
                }
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <Field
        id="submissionDeadline"
        label="Submission Deadline"
        error={fieldError(errors, 'submissions.submissionDeadline')}
      >
        <Input
          type="date"
          min={today}
          value={state.submissionDeadline}
          onChange={(e) => update({ submissionDeadline: e.target.value })}
        />
      </Field>
    </div>
  );
}

export function SettingsStep({ state, update, errors }: StepProps) {
  const today = todayInput();
  return (
    <div className="space-y-5">
      <StepHeading>Envolvement Settings</StepHeading>
      <Switch
        id="submissionsAllowed"
        label="User Submissions"
        hint="Let people who join send in text, pictures or links"
        checked={state.submissionsAllowed}
        onChange={(on) => update((s) => setSubmissionsAllowed(s, on))}
      />
      {state.submissionsAllowed && <SubmissionSettings state={state} update={update} errors={errors} />}
      <Switch
        id="comments"
        label="Comments"
        hint="Allow users to comment"
        checked={state.comments}
        onChange={(on) => update({ comments: on })}
      />
      <Switch
        id="published"
        label="Published Content"
        hint="This envolvement leads to content you will release"
        checked={state.published}
        onChange={(on) => update({ published: on, publishedReleaseDate: on ? state.publishedReleaseDate : '' })}
      />
      {state.published && (
        <Field
          id="publishedReleaseDate"
          label="Estimated Release Date"
          error={fieldError(errors, 'published.publishedReleaseDate')}
        >
          <Input
            type="date"
            min={today}
            value={state.publishedReleaseDate}
            onChange={(e) => update({ publishedReleaseDate: e.target.value })}
          />
        </Field>
      )}
    </div>
  );
}
