'use client';

import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { LINKS_MAX } from '@/lib/domain/accounts';
import type { FieldErrors } from '@/lib/validation/field-errors';

type ProfileLinksFieldProps = {
  links: string[];
  fields: FieldErrors;
  onChange: (index: number, value: string) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
};

/** The profile form's links: one row each, up to LINKS_MAX, each with its own error. */
export function ProfileLinksField({ links, fields, onChange, onAdd, onRemove }: ProfileLinksFieldProps) {
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-slate-800">Links</legend>
      <p className="text-xs text-slate-500">
        Up to {LINKS_MAX} addresses starting with https://, shown on your profile under their site&apos;s name.
      </p>
      {links.map((link, index) => (
        <div key={index} className="flex items-start gap-2">
          <Field id={`links.${index}`} label={`Link ${index + 1}`} error={fields[`links.${index}`]} className="flex-1">
            <Input
              name={`links.${index}`}
              type="url"
              inputMode="url"
              placeholder="https://"
              value={link}
              onChange={(e) => onChange(index, e.target.value)}
              maxLength={300}
            />
          </Field>
          <Button
            variant="ghost"
            size="sm"
            className="mt-7"
            onClick={() => onRemove(index)}
            aria-label={`Remove link ${index + 1}`}
          >
            Remove
          </Button>
        </div>
      ))}
      {fields.links && (
        <p role="alert" className="text-sm text-red-600">
          {fields.links}
        </p>
      )}
      {links.length < LINKS_MAX && (
        <Button variant="secondary" size="sm" onClick={onAdd}>
          Add a link
        </Button>
      )}
    </fieldset>
  );
}
