'use client';

import { Field, Input } from '@/components/ui/field';
import { PASSWORD_MAX_LENGTH } from '@/lib/validation/auth';
import type { FieldErrors } from '@/lib/validation/field-errors';

export type PasswordField<K extends string> = {
  key: K;
  /** The input's id, when the page has another field of the same name (the key else). */
  id?: string;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  hint?: string;
};

/** The password inputs of a form (current, new, confirmed), each in its labelled Field. */
export function PasswordFields<K extends string>({
  fields,
  values,
  onChange,
  errors,
}: {
  fields: ReadonlyArray<PasswordField<K>>;
  values: Record<K, string>;
  onChange: (key: K, value: string) => void;
  errors: FieldErrors;
}) {
  return fields.map(({ key, id = key, label, autoComplete, hint }) => (
    <Field key={key} id={id} label={label} error={errors[key]} hint={hint}>
      <Input
        name={key}
        type="password"
        autoComplete={autoComplete}
        value={values[key]}
        onChange={(e) => onChange(key, e.target.value)}
        required
        maxLength={PASSWORD_MAX_LENGTH}
      />
    </Field>
  ));
}
