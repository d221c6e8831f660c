'use client';

import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { FormAlert } from '@/components/forms/form-alert';
import { useApiAction } from '@/components/forms/use-api-action';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { api } from '@/lib/api-client';

type FormProps = {
  inputRef: RefObject<HTMLInputElement | null>;
  email: string;
  setEmail: (email: string) => void;
  error: string | null;
  sending: boolean;
  onSubmit: (event: FormEvent) => void;
};

function WaitlistForm({ inputRef, email, setEmail, error, sending, onSubmit }: FormProps) {
  return (
    <form onSubmit={onSubmit} className="flex w-full max-w-md flex-col gap-2 sm:flex-row sm:items-end">
      <div className="flex-1 space-y-1 text-left">
        <label htmlFor="waitlist-email" className="text-sm font-medium text-slate-800">
          Email Address:
        </label>
        <Input
          ref={inputRef}
          id="waitlist-email"
          type="email"
          required
          placeholder="Enter your email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? 'waitlist-error' : undefined}
        />
      </div>
      <Button type="submit" disabled={sending}>
        Submit
      </Button>
      <FormAlert id="waitlist-error" message={error} className="sm:basis-full" />
    </form>
  );
}

/** 'JOIN WAITLIST' reveals the e-mail form; a stored e-mail shows 'Thank you!'. */
export function Waitlist() {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const { busy, done, error, submit } = useApiAction();
  const inputRef = useRef<HTMLInputElement>(null);
  const thanksRef = useRef<HTMLParagraphElement>(null);

  // The button that had focus is gone: focus follows to the field it revealed (again after a
  // refusal, to correct it), then to the thanks.
  useEffect(() => {
    if (done) thanksRef.current?.focus();
    else if (open && !busy) inputRef.current?.focus();
  }, [open, busy, done]);

  const send = (event: FormEvent) =>
    submit(event, {
      async check() {
        // The schema and its validator load on the first submit: the landing page does not carry them.
        const [{ checkWith }, { waitlistSchema }] = await Promise.all([
          import('@/lib/validation/check'),
          import('@/lib/validation/marketing'),
        ]);
        return checkWith(waitlistSchema, { email });
      },
      send: (entry) => api('/api/waitlist', { json: entry }),
    });

  if (done) {
    return (
      <p ref={thanksRef} tabIndex={-1} className="text-lg font-semibold text-brand-700" role="status">
        Thank you!
      </p>
    );
  }
  if (!open) {
    return (
      <Button size="lg" variant="secondary" onClick={() => setOpen(true)}>
        JOIN WAITLIST
      </Button>
    );
  }
  return (
    <WaitlistForm inputRef={inputRef} email={email} setEmail={setEmail} error={error} sending={busy} onSubmit={send} />
  );
}
