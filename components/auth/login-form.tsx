'use client';

import { getCsrfToken, signIn } from 'next-auth/react';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Field, Input } from '@/components/ui/field';
import { safeReturnPath } from '@/lib/http/return-path';
import { PASSWORD_HINT, PASSWORD_MIN_LENGTH } from '@/lib/validation/auth';

type Mode = 'signin' | 'signup';

type LoginFormProps = {
  callbackUrl: string;
  oidc: { name: string } | null;
  initialMode: Mode;
  providerError: string | null;
};

const PROVIDER_ERRORS: Record<string, string> = {
  CredentialsSignin: 'Invalid email or password.',
  RateLimited: 'Too many failed sign-in attempts. Please wait a few minutes and try again.',
  OAuthSignin: 'Could not start sign-in with the provider. Please try again.',
  OAuthCallback: 'Sign-in with the provider failed. Please try again.',
};

export function LoginForm({ callbackUrl, oidc, initialMode, providerError }: LoginFormProps) {
  const router = useRouter();
  const returnPath = safeReturnPath(callbackUrl, '/profile');
  const [mode, setMode] = useState<Mode>(initialMode);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(
    providerError ? (PROVIDER_ERRORS[providerError] ?? 'Sign-in failed. Please try again.') : null,
  );
  const [busy, setBusy] = useState(false);

  // Posts to next-auth's credentials callback directly (as its signIn() does) so that a
  // 429 and its message, which tells how long to wait, reach the form.
  async function signInWithPassword(): Promise<boolean> {
    const response = await fetch('/api/auth/callback/credentials', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        email,
        password,
        csrfToken: (await getCsrfToken()) ?? '',
        callbackUrl: returnPath,
        json: 'true',
      }),
    });
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as { error?: string };
      setError(response.status === 429 && body.error ? body.error : 'Invalid email or password.');
      return false;
    }
    router.push(returnPath);
    router.refresh();
    return true;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setFields({});
    try {
      if (mode === 'signup') {
        const response = await fetch('/api/auth/register', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name, email, password }),
        });
        if (!response.ok) {
          const body = (await response.json().catch(() => ({}))) as { error?: string; fields?: Record<string, string> };
          setFields(body.fields ?? {});
          setError(body.error ?? 'Could not create the account. Please try again.');
          return;
        }
      }
      await signInWithPassword();
    } catch {
      setError('Network error. Please check your connection and try again.');
    } finally {
      setBusy(false);
    }
  }

  const switchTo = (next: Mode) => {
    setMode(next);
    setError(null);
    setFields({});
  };

  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
      <h1 className="text-2xl font-bold text-ink">{mode === 'signin' ? 'Welcome back' : 'Create your account'}</h1>
      <p className="mt-1 text-sm text-slate-600">
        {mode === 'signin'
          ? 'Sign in to discover, join and create envolvements.'
          : 'Join Envolve to take part in what your favourite creators offer.'}
      </p>

      {providerError && (
        <p role="alert" className="mt-4 font-semibold text-red-700">
          Authentication Error
        </p>
      )}

      <div
        role="tablist"
        aria-label="Account"
        className="mt-6 grid grid-cols-2 rounded-lg bg-slate-100 p-1 text-sm font-medium"
      >
        {(['signin', 'signup'] as const).map((m) => (
          <button
            key={m}
            role="tab"
            type="button"
            aria-selected={mode === m}
            onClick={() => switchTo(m)}
            className={cn(
              'h-9 rounded-md',
              mode === m ? 'bg-white text-ink shadow-sm' : 'text-slate-600 hover:text-ink',
            )}
          >
            {m === 'signin' ? 'Sign in' : 'Sign up'}
          </button>
        ))}
      </div>

      <form onSubmit={submit} className="mt-6 space-y-4" noValidate>
        {mode === 'signup' && (
          <Field id="name" label="Name" error={fields.name}>
            <Input
              id="name"
              name="name"
              autoComplete="name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              required
              maxLength={80}
            />
          </Field>
        )}
        <Field id="email" label="Email" error={fields.email}>
          <Input
            id="email"
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
          />
        </Field>
        <Field
          id="password"
          label="Password"
          error={fields.password}
          hint={mode === 'signup' ? PASSWORD_HINT : undefined}
        >
          <Input
            id="password"
            name="password"
            type="password"
            autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
            minLength={mode === 'signup' ? PASSWORD_MIN_LENGTH : undefined}
          />
        </Field>
        {error && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        )}
        <Button type="submit" className="w-full" size="lg" disabled={busy}>
          {busy ? 'Please wait...' : mode === 'signin' ? 'Sign in' : 'Create account'}
        </Button>
      </form>

      {oidc && (
        <>
          <div className="my-6 flex items-center gap-3 text-xs text-slate-400">
            <span className="h-px flex-1 bg-slate-200" /> or <span className="h-px flex-1 bg-slate-200" />
          </div>
          <Button
            variant="secondary"
            className="w-full"
            size="lg"
            onClick={() => signIn('oidc', { callbackUrl: returnPath })}
          >
            Continue with {oidc.name}
          </Button>
        </>
      )}
    </div>
  );
}
