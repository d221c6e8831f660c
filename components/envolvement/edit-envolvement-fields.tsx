'use client';

import { Field, Input, Textarea } from '@/components/ui/field';
import { FreeOnlyPrice } from './free-only-price';
import { PriceInput } from './price-input';
import { parsePriceInput, receiveLine, type Selling } from '@/lib/domain/selling';
import { Switch } from '@/components/ui/switch';
import { LIMITS } from '@/lib/validation/envolvement-limits';
import { fieldError, type FieldErrors } from '@/lib/validation/field-errors';
import { CategoryPicker } from './category-picker';
import { DateInput } from './date-input';
import { ImageUploader } from './image-uploader';
import type { EditForm, SetEditField } from './use-edit-envolvement';

type PartProps = { form: EditForm; set: SetEditField; fields: FieldErrors };

const LONG_TEXTS = [
  { key: 'previewText', id: 'edit-preview', label: 'Preview text' },
  { key: 'description', id: 'edit-description', label: 'Description' },
  { key: 'welcomeMessage', id: 'edit-welcome', label: 'Welcome message (optional)' },
] as const;

export function EditTextFields({ form, set, fields }: PartProps) {
  return (
    <>
      <Field id="edit-title" label="Title" error={fieldError(fields, 'title')}>
        <Input value={form.title} maxLength={LIMITS.title} onChange={(e) => set('title', e.target.value)} />
      </Field>
      {LONG_TEXTS.map(({ key, id, label }) => (
        <Field key={key} id={id} label={label} error={fieldError(fields, key)}>
          <Textarea value={form[key]} maxLength={LIMITS[key]} onChange={(e) => set(key, e.target.value)} />
        </Field>
      ))}
      <ImageUploader id="edit-image" value={form.imgUrl} onChange={(url) => set('imgUrl', url)} />
    </>
  );
}

/**
 * The price as this creator may set it: anything while Stripe can pay them; otherwise
 * Free stays Free (early access), and a price set before can be kept or made free.
 */
function EditPriceField({ form, set, fields, selling, currency, wasPaid }: PriceProps) {
  const error = fieldError(fields, 'price');
  if (selling && !selling.canSell && !wasPaid) {
    return <FreeOnlyPrice id="edit-price" error={error} stripeConfigured={selling.stripeConfigured} />;
  }
  const cents = Math.round(parsePriceInput(form.price) * 100);
  const hint =
    selling?.canSell && cents > 0 ? receiveLine(cents, selling.feePercent, selling.currency) : 'Leave empty for free';
  return (
    <Field id="edit-price" label={`Price (${currency.toUpperCase()})`} hint={hint} error={error}>
      <PriceInput value={form.price} onChange={(e) => set('price', e.target.value)} />
    </Field>
  );
}

type PriceProps = PartProps & {
  /** Null until the creator's payout state is known; the server decides either way. */
  selling: Selling | null;
  /** The currency the price is asked in, which its label and its limits name. */
  currency: string;
  wasPaid: boolean;
};

export function EditOfferFields(props: PriceProps) {
  const { form, set, fields } = props;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <EditPriceField {...props} />
      <Field id="edit-quantity" label="Spots" hint="Leave empty for unlimited" error={fieldError(fields, 'quantity')}>
        <Input
          type="number"
          min={0}
          max={LIMITS.quantityMax}
          step={1}
          value={form.quantity}
          onChange={(e) => set('quantity', e.target.value)}
        />
      </Field>
      <Field id="edit-end" label="End Date" hint="Leave empty for no deadline" error={fieldError(fields, 'endDate')}>
        <DateInput value={form.endDate} max={form.targetDate || undefined} onChange={(v) => set('endDate', v)} />
      </Field>
      <Field id="edit-target" label="Target Envolvement Date" error={fieldError(fields, 'targetEnvolvmentDate')}>
        <DateInput value={form.targetDate} min={form.endDate || undefined} onChange={(v) => set('targetDate', v)} />
      </Field>
    </div>
  );
}

const SWITCHES = [
  { key: 'active', id: 'edit-active', label: 'Active', hint: 'Only active envolvements can be joined' },
  { key: 'submissionsActive', id: 'edit-submissions', label: 'Submissions Active' },
] as const;

const TYPE_LABELS = { picture: 'Picture', description: 'Description', url: 'Url' } as const;

export function EditSettingsFields({ form, set, opening }: Omit<PartProps, 'fields'> & { opening: boolean }) {
  return (
    <div className="space-y-3 rounded-xl bg-slate-50 p-4">
      {SWITCHES.map(({ key, ...text }) => (
        <Switch key={key} {...text} checked={form[key]} onChange={(v) => set(key, v)} />
      ))}
      {opening && (
        <fieldset className="flex flex-wrap gap-4 text-sm">
          <legend className="sr-only">Allowed submission types</legend>
          {(['picture', 'description', 'url'] as const).map((type) => (
            <label key={type} className="flex items-center gap-2">
              <input
                type="checkbox"
                className="h-4 w-4 accent-brand-600"
                checked={form.content[type]}
                onChange={(e) => set('content', { ...form.content, [type]: e.target.checked })}
              />
              Allow {TYPE_LABELS[type]} Submissions
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}

export function EditCategories({ form, set, fields }: PartProps) {
  return (
    <CategoryPicker
      value={form.categories}
      onChange={(c) => set('categories', c)}
      error={fieldError(fields, 'categories')}
    />
  );
}
