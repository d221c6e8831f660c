'use client';

import { useState, type ChangeEvent, type ReactNode } from 'react';
import { CategoryPicker } from '@/components/envolvement/category-picker';
import { FreeOnlyPrice } from '@/components/envolvement/free-only-price';
import { PriceInput } from '@/components/envolvement/price-input';
import { todayInput } from '@/components/envolvement/dates';
import { DateInput } from '@/components/envolvement/date-input';
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

/**
 * A step: its heading, then its fields. Focus goes to the heading when the step changes,
 * so that the change is announced.
 */
function Step({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="space-y-5">
      <h2 id={STEP_HEADING_ID} tabIndex={-1} className="text-lg font-semibold text-ink focus:outline-none">
        {title}
      </h2>
      {children}
    </div>
  );
}

type TextName = 'title' | 'previewText' | 'description' | 'welcomeMessage';

/** A text of the envolvement, with its count against its limit under it. */
function CountedField({
  name,
  label,
  state,
  errors,
  children,
}: Pick<StepProps, 'state' | 'errors'> & { name: TextName; label: string; children: ReactNode }) {
  return (
    <Field id={name} label={label} error={fieldError(errors, name)} hint={`${state[name].length}/${LIMITS[name]}`}>
      {children}
    </Field>
  );
}

/** The value, the limit and the update of the box that edits a text of the envolvement. */
function textBox(name: TextName, { state, update }: Pick<StepProps, 'state' | 'update'>) {
  return {
    value: state[name],
    maxLength: LIMITS[name],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      update((s) => ({ ...s, [name]: e.target.value })),
  };
}

type DateName = 'endDate' | 'targetDate' | 'submissionDeadline' | 'publishedReleaseDate';

/**
 * A date of the envolvement in a Field: not before today, nor before the date named `after`
 * once it is set, nor past the date named `before`. `errorPath` is where the body's check
 * puts its error.
 */
function DateField({
  name,
  errorPath,
  label,
  hint,
  after,
  before,
  state,
  update,
  errors,
}: Pick<StepProps, 'state' | 'update' | 'errors'> & {
  name: DateName;
  errorPath: string;
  label: string;
  hint?: string;
  after?: DateName;
  before?: DateName;
}) {
  return (
    <Field id={name} label={label} hint={hint} error={fieldError(errors, errorPath)}>
      <DateInput
        min={(after && state[after]) || todayInput()}
        max={(before && state[before]) || undefined}
        value={state[name]}
        onChange={(day) => update((s) => ({ ...s, [name]: day }))}
      />
    </Field>
  );
}

// Title and preview text are required, and checked once the user leaves them.
export function BasicsStep(props: StepProps) {
  const { state, update, errors, touch } = props;
  return (
    <Step title="Basic Information">
      <CountedField name="title" label="Title" state={state} errors={errors}>
        <Input
          {...textBox('title', props)}
          placeholder="Give your envolvement a name"
          onBlur={() => touch('title')}
          onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
        />
      </CountedField>
      <CountedField name="previewText" label="Preview text" state={state} errors={errors}>
        <Textarea
          {...textBox('previewText', props)}
          placeholder="A short teaser shown on cards"
          onBlur={() => touch('previewText')}
        />
      </CountedField>
      <CountedField name="description" label="Description" state={state} errors={errors}>
        <Textarea className="min-h-32" {...textBox('description', props)} placeholder="Everything people should know" />
      </CountedField>
      <CountedField name="welcomeMessage" label="Welcome message (optional)" state={state} errors={errors}>
        <Textarea
          {...textBox('welcomeMessage', props)}
          placeholder="Shown to each new member once they join, and sent in their welcome e-mail"
          onBlur={() => touch('welcomeMessage')}
        />
      </CountedField>
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
    </Step>
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
      <PriceInput
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
    <Step title="Pricing & Availability">
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
    </Step>
  );
}

export function DatesStep(props: StepProps) {
  return (
    <Step title="Important Dates">
      <DateField
        name="endDate"
        errorPath="endDate"
        label="End Date"
        hint="When this envolvement will no longer be available"
        before="targetDate"
        {...props}
      />
      <DateField
        name="targetDate"
        errorPath="targetEnvolvmentDate"
        label="Target Envolvement Date"
        hint="When the main activity will occur"
        after="endDate"
        {...props}
      />
    </Step>
  );
}

const TYPES = [
  ['description', 'Text Description'],
  ['picture', 'Pictures'],
  ['url', 'URLs'],
] as const;

/** What 'User Submissions' reveals: instructions, the accepted types and a deadline. */
function SubmissionSettings(props: Omit<StepProps, 'selling'>) {
  const { state, update, errors, touch } = props;
  const typesError = fieldError(errors, 'submissions.submissionContent');
  return (
    <div className="space-y-4 rounded-xl bg-slate-50 p-4">
      <Field
        id="submissionDescription"
        label="Submission Description"
        // A hint in the place its error takes, so that the error does not push the types down
        // under the pointer of someone moving on to them.
        hint="Members read this before they send their entry."
        error={fieldError(errors, 'submissions.submissionDescription')}
      >
        <Textarea
          placeholder="Explain what users should submit"
          value={state.submissionDescription}
          maxLength={LIMITS.submissionDescription}
          onChange={(e) => update({ submissionDescription: e.target.value })}
          onBlur={() => touch('submissions.submissionDescription')}
        />
      </Field>
      <fieldset
        aria-invalid={typesError ? true : undefined}
        aria-describedby={typesError ? 'submissionContent-error' : undefined}
      >
        <legend className="text-sm font-medium text-slate-800">Allowed Submission Types</legend>
        <div className="mt-2 flex flex-wrap gap-4">
          {TYPES.map(([key, label]) => (
            <label key={key} className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                className="h-4 w-4 accent-brand-600"
                checked={state.submissionContent[key]}
                onChange={(e) => {
                  update((s) => ({ ...s, submissionContent: { ...s.submissionContent, [key]: e.target.checked } }));
                  touch('submissions.submissionContent');
                }}
              />
              {label}
            </label>
          ))}
        </div>
        {typesError && (
          <p id="submissionContent-error" role="alert" className="mt-1.5 text-sm text-red-600">
            {typesError}
          </p>
        )}
      </fieldset>
      <DateField
        name="submissionDeadline"
        errorPath="submissions.submissionDeadline"
        label="Submission Deadline"
        {...props}
      />
    </div>
  );
}

export function SettingsStep(props: StepProps) {
  const { state, update } = props;
  return (
    <Step title="Envolvement Settings">
      <Switch
        id="submissionsAllowed"
        label="User Submissions"
        hint="Let people who join send in text, pictures or links"
        checked={state.submissionsAllowed}
        onChange={(on) => update((s) => setSubmissionsAllowed(s, on))}
      />
      {state.submissionsAllowed && <SubmissionSettings {...props} />}
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
        <DateField
          name="publishedReleaseDate"
          errorPath="published.publishedReleaseDate"
          label="Estimated Release Date"
          {...props}
        />
      )}
    </Step>
  );
}
