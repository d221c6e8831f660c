'use client';

import { Field, Input } from '@/components/ui/field';
import { HANDLE_MAX, HANDLE_MIN } from '@/lib/domain/accounts';

type ProfileHandleFieldProps = { value: string; error?: string; onChange: (value: string) => void };

/** The handle, typed after a fixed '@' (one typed anyway is dropped by the schema). */
export function ProfileHandleField({ value, error, onChange }: ProfileHandleFieldProps) {
  return (
    <Field
      id="handle"
      label="Handle"
      error={error}
      hint={`${HANDLE_MIN} to ${HANDLE_MAX} letters, digits and underscores. Everyone sees it as @handle.`}
    >
      <div className="flex items-stretch">
        <span
          aria-hidden
          className="flex items-center rounded-l-lg border border-r-0 border-slate-300 bg-slate-50 px-3 text-sm text-slate-500"
        >
          @
        </span>
        <Input
          name="handle"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          required
          maxLength={HANDLE_MAX + 1}
          className="rounded-l-none"
        />
      </div>
    </Field>
  );
}
