'use client';

import { useId, useState, type FormEvent } from 'react';
import { FormAlert } from '@/components/forms/form-alert';
import { useApiAction } from '@/components/forms/use-api-action';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { cn } from '@/components/ui/cn';
import { COMMENT_LIMITS, commentBodySchema } from '@/lib/validation/comments';
import { checkWith } from '@/lib/validation/check';

type CommentFormProps = {
  /** The textarea's label: 'Write a comment', 'Reply to …', 'Edit your comment'. */
  label: string;
  /** Shown to screen readers only: the form sits where its purpose is plain to see. */
  hideLabel?: boolean;
  submitLabel: string;
  initial?: string;
  placeholder?: string;
  autoFocus?: boolean;
  /** Sends the checked text; a failure's message is shown under the field. */
  onSubmit: (body: string) => Promise<void>;
  onCancel?: () => void;
};

type FootProps = { countId: string; length: number; busy: boolean; submitLabel: string; onCancel?: () => void };

/** The counter, and the form's buttons. */
function FormFoot({ countId, length, busy, submitLabel, onCancel }: FootProps) {
  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      <span id={countId} className="mr-auto text-xs text-slate-500 tabular-nums">
        {length}/{COMMENT_LIMITS.body}
        <span className="sr-only"> characters</span>
      </span>
      {onCancel && (
        <Button variant="ghost" size="sm" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      )}
      <Button type="submit" size="sm" disabled={busy}>
        {busy ? 'Sending...' : submitLabel}
      </Button>
    </div>
  );
}

/** The text being written, checked with the handler's schema, then sent; emptied once sent. */
function useDraft(initial: string, onSubmit: (body: string) => Promise<void>) {
  const [body, setBody] = useState(initial);
  const { error, busy, submit } = useApiAction();

  const send = (event: FormEvent) =>
    submit(event, {
      check: () => checkWith(commentBodySchema, body),
      async send(checked) {
        await onSubmit(checked);
        setBody('');
      },
    });

  return { body, setBody, error, busy, submit: send };
}

/** A comment's text with its counter, checked with the handler's schema before it is sent. */
export function CommentForm({
  label,
  hideLabel,
  submitLabel,
  initial = '',
  placeholder,
  autoFocus,
  onSubmit,
  onCancel,
}: CommentFormProps) {
  const id = useId();
  const { body, setBody, error, busy, submit } = useDraft(initial, onSubmit);

  return (
    <form onSubmit={submit} noValidate className="space-y-2">
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'block text-sm font-medium text-slate-800'}>
        {label}
      </label>
      <textarea
        id={id}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        placeholder={placeholder}
        autoFocus={autoFocus}
        rows={2}
        maxLength={COMMENT_LIMITS.body}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
        className={cn(inputClasses, 'min-h-16 resize-y')}
      />
      <FormAlert id={`${id}-error`} message={error} />
      <FormFoot
        countId={`${id}-count`}
        length={body.length}
        busy={busy}
        submitLabel={submitLabel}
        onCancel={onCancel}
      />
    </form>
  );
}
