'use client';

import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { api, ApiError, messageOf } from '@/lib/api-client';

type State = 'closed' | 'open' | 'sending' | 'done';

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
      {error && (
        <p id="waitlist-error" role="alert" className="text-sm text-red-600 sm:basis-full">
          {error}
        </p>
      )}
    </form>
  );
}

/** 'JOIN WAITLIST' reveals the e-mail form; a stored e-mail shows 'Thank you!'. */
export function Waitlist() {
  const [state, setState] = useState<State>('closed');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const thanksRef = useRef<HTMLParagraphElement>(null);

  // The button that had focus is gone: focus follows to the field it revealed, then to the thanks.
  useEffect(() => {
    if (state === 'open') inputRef.current?.focus();
    if (state === 'done') thanksRef.current?.focus();
  }, [state]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setState('sending');
    setError(null);
    try {
      // The schema and its validator load on the first submit: the landing page does not carry them.
      const [{ checkWith }, { waitlistSchema }] = await Promise.all([
        import('@/lib/validation/check'),
        import('@/lib/validation/marketing'),
      ]);
      const checked = checkWith(waitlistSchema, { email });
      if (!checked.ok) throw new ApiError(400, checked.error);
      await api('/api/waitlist', { json: checked.data });
      return setState('done');
    } catch (failure) {
      setError(messageOf(failure));
    }
    setState('open');
  }

  if (state === 'closed') {
    return (
      <Button size="lg" variant="secondary" onClick={() => setState('open')}>
        JOIN WAITLIST
      </Button>
    );
  }
  if (state === 'done') {
    return (
      <p ref={thanksRef} tabIndex={-1} className="text-lg font-semibold text-brand-700" role="status">
        Thank you!
      </p>
    );
  }
  return (
    <WaitlistForm
      inputRef={inputRef}
      email={email}
      setEmail={setEmail}
      error={error}
      sending={state === 'sending'}
      onSubmit={submit}
    />
  );
}
