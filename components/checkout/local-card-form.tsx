'use client';

import { FormAlert } from '@/components/forms/form-alert';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import type { FieldErrors } from '@/lib/validation/field-errors';
import { useTestCard, type CardValues } from './use-test-card';

const TEST_CARD = '4242 4242 4242 4242';

type CardFieldsProps = {
  values: CardValues;
  change: (name: keyof CardValues) => (value: string) => void;
  fields: FieldErrors;
  disabled: boolean;
};

/** Number, expiry and security code, as Stripe's card form asks for them. */
function CardFields({ values, change, fields, disabled }: CardFieldsProps) {
  const input = (name: keyof CardValues, autoComplete: string, placeholder: string) => (
    <Input
      value={values[name]}
      onChange={(e) => change(name)(e.target.value)}
      inputMode="numeric"
      autoComplete={autoComplete}
      placeholder={placeholder}
    />
  );
  return (
    <fieldset className="space-y-3" disabled={disabled}>
      <legend className="mb-2 text-sm font-semibold text-ink">Card details</legend>
      <Field id="card-number" label="Card number" error={fields.number}>
        {input('number', 'cc-number', '1234 1234 1234 1234')}
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field id="card-expiry" label="Expiration date" hint="Any future date" error={fields.expiry}>
          {input('expiry', 'cc-exp', 'MM / YY')}
        </Field>
        <Field id="card-cvc" label="Security code" hint="Any 3 digits" error={fields.cvc}>
          {input('cvc', 'cc-csc', 'CVC')}
        </Field>
      </div>
    </fieldset>
  );
}

/** A card form that looks like the rest of the checkout and pays with Stripe's test cards. */
export function LocalCardForm({
  clientSecret,
  label,
  onRefused,
}: {
  clientSecret: string;
  label: string;
  onRefused: () => void;
}) {
  const { values, change, fields, error, processing, submit } = useTestCard(clientSecret, onRefused);
  const problem = error ?? fields.paymentIntentId;
  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="local-card-form">
      <p
        data-testid="test-mode-notice"
        className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900"
      >
        Test mode · no real money · use <span className="whitespace-nowrap">{TEST_CARD}</span>
      </p>
      <CardFields values={values} change={change} fields={fields} disabled={processing} />
      <Button type="submit" size="lg" className="w-full" disabled={processing}>
        {processing ? 'Processing...' : label}
      </Button>
      <FormAlert message={problem} boxed />
    </form>
  );
}
