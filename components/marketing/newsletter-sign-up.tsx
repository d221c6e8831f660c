'use client';

import Link from 'next/link';
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { FormAlert } from '@/components/forms/form-alert';
import { useApiAction } from '@/components/forms/use-api-action';
import { useViewer } from '@/components/layout/viewer-context';
import { Button, buttonClasses } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { api } from '@/lib/api-client';
import { NEWSLETTER_SIGN_UP_ANSWER } from '@/lib/domain/newsletter';

type FormProps = {
  inputRef: RefObject<HTMLInputElement | null>;
  email: string;
  setEmail: (email: string) => void;
  error: string | null;
  sending: boolean;
  onSubmit: (event: FormEvent) => void;
};

function NewsletterForm({ inputRef, email, setEmail, error, sending, onSubmit }: FormProps) {
  return (
    <form onSubmit={onSubmit} className="flex w-full max-w-md flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-end">
      <div className="min-w-0 flex-1 space-y-1 text-left">
        <label htmlFor="newsletter-email" className="text-sm font-medium text-slate-800">
          Email Address:
        </label>
        <Input
          ref={inputRef}
          id="newsletter-email"
          type="email"
          required
          placeholder="Enter your email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? 'newsletter-error newsletter-note' : 'newsletter-note'}
        />
      </div>
      <Button type="submit" disabled={sending}>
        Submit
      </Button>
      <p id="newsletter-note" className="text-xs text-slate-500 sm:basis-full">
        We e-mail you a link to confirm first. Every newsletter has a link to stop it.
      </p>
      <FormAlert id="newsletter-error" message={error} className="sm:basis-full" />
    </form>
  );
}

/**
 * The newsletter sign-up for visitors: 'Get the newsletter' reveals the e-mail form, which
 * answers alike for every address. The page is the same for everyone and comes from the
 * cache, so who is signed in is known only in the browser: until then the button holds its
 * place unseen, and a member finds the way to create an envolvement there instead, so nothing
 * moves when the answer comes.
 */
export function NewsletterSignUp() {
  const state = useViewer();
  if (state.status === 'ready' && state.viewer) {
    return (
      <Link href="/create" className={buttonClasses('secondary', 'lg')}>
        Create an envolvement
      </Link>
    );
  }
  return <VisitorSignUp loading={state.status === 'loading'} />;
}

function VisitorSignUp({ loading }: { loading: boolean }) {
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
        // The schema and its validator load on the first submit: the home page does not carry them.
        const [{ checkWith }, { newsletterSchema }] = await Promise.all([
          import('@/lib/validation/check'),
          import('@/lib/validation/marketing'),
        ]);
        return checkWith(newsletterSchema, { email });
      },
      send: (entry) => api('/api/newsletter', { json: entry }),
    });

  if (done) {
    return (
      <p ref={thanksRef} tabIndex={-1} className="max-w-md font-semibold text-brand-700" role="status">
        {NEWSLETTER_SIGN_UP_ANSWER}
      </p>
    );
  }
  if (!open) {
    return (
      <Button
        size="lg"
        variant="secondary"
        onClick={() => setOpen(true)}
        className={loading ? 'invisible' : undefined}
        aria-hidden={loading || undefined}
        tabIndex={loading ? -1 : undefined}
      >
        Get the newsletter
      </Button>
    );
  }
  return (
    <NewsletterForm
      inputRef={inputRef}
      email={email}
      setEmail={setEmail}
      error={error}
      sending={busy}
      onSubmit={send}
    />
  );
}
