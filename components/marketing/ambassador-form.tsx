'use client';

import { useState, type FormEvent } from 'react';
import { FormAlert } from '@/components/forms/form-alert';
import { useApiAction } from '@/components/forms/use-api-action';
import { Button } from '@/components/ui/button';
import { Field, Input, inputClasses } from '@/components/ui/field';
import { api } from '@/lib/api-client';
import { checkWith } from '@/lib/validation/check';
import { fieldError, type FieldErrors } from '@/lib/validation/field-errors';
import { AMBASSADOR_LIMITS, ambassadorSchema, CONTENT_TYPES, PLATFORMS } from '@/lib/validation/marketing';

const EMPTY = { name: '', email: '', handle: '', platform: '', platformLink: '' };

type Values = typeof EMPTY;
type SetValue = (key: keyof Values) => (event: { target: { value: string } }) => void;

function ContactFields({ values, set, fields }: { values: Values; set: SetValue; fields: FieldErrors }) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <Field id="amb-name" label="Name" error={fields.name}>
        <Input
          value={values.name}
          onChange={set('name')}
          maxLength={AMBASSADOR_LIMITS.name}
          required
          autoComplete="name"
        />
      </Field>
      <Field id="amb-email" label="Email" error={fields.email}>
        <Input type="email" value={values.email} onChange={set('email')} required autoComplete="email" />
      </Field>
      <Field id="amb-handle" label="Handle" error={fields.handle}>
        <Input
          value={values.handle}
          onChange={set('handle')}
          maxLength={AMBASSADOR_LIMITS.handle}
          placeholder="@yourname"
          required
        />
      </Field>
      <Field id="amb-platform" label="Primary platform" error={fields.platform}>
        <select id="amb-platform" value={values.platform} onChange={set('platform')} className={inputClasses} required>
          <option value="">Choose a platform</option>
          {PLATFORMS.map((p) => (
            <option key={p}>{p}</option>
          ))}
        </select>
      </Field>
    </div>
  );
}

function ContentTypes({
  selected,
  toggle,
  error,
}: {
  selected: string[];
  toggle: (type: string) => void;
  error?: string;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">Content types</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-3">
        {CONTENT_TYPES.map((type) => (
          <label key={type} className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={selected.includes(type)}
              onChange={() => toggle(type)}
              className="h-4 w-4 accent-brand-600"
            />
            {type}
          </label>
        ))}
      </div>
      <FormAlert message={error} className="mt-1" />
    </fieldset>
  );
}

/** The application's values and its send, checked with the handler's schema first. */
function useAmbassadorForm() {
  const [values, setValues] = useState(EMPTY);
  const [contentTypes, setContentTypes] = useState<string[]>([]);
  const action = useApiAction();

  const set = (key: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));
  const toggleType = (type: string) =>
    setContentTypes((list) => (list.includes(type) ? list.filter((t) => t !== type) : [...list, type]));

  const submit = (event: FormEvent) =>
    action.submit(event, {
      check: () => checkWith(ambassadorSchema, { ...values, contentTypes }),
      send: (application) => api('/api/ambassador', { json: application }),
    });

  const { fields, formError: error, busy: sending, done } = action;
  return { values, set, contentTypes, toggleType, fields, sending, done, error, submit };
}

export function AmbassadorForm() {
  const { values, set, contentTypes, toggleType, fields, sending, done, error, submit } = useAmbassadorForm();
  if (done) {
    return (
      <div role="status" className="rounded-2xl border border-green-200 bg-green-50 p-8 text-center">
        <h2 className="text-xl font-semibold text-green-800">Thank you for applying!</h2>
        <p className="mt-2 text-sm text-green-700">
          We read every application and will write to you at {values.email}.
        </p>
      </div>
    );
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <ContactFields values={values} set={set} fields={fields} />
      {/* A list's items report under the list ('contentTypes.0' under 'contentTypes'). */}
      <ContentTypes selected={contentTypes} toggle={toggleType} error={fieldError(fields, 'contentTypes')} />
      <Field id="amb-link" label="Platform link" error={fields.platformLink}>
        <Input
          type="url"
          value={values.platformLink}
          onChange={set('platformLink')}
          placeholder="https://"
          maxLength={AMBASSADOR_LIMITS.platformLink}
          required
        />
      </Field>
      <FormAlert message={error} />
      <Button type="submit" size="lg" disabled={sending}>
        Submit
      </Button>
    </form>
  );
}
