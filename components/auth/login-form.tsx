'use client';

import Link from 'next/link';
import { signIn } from 'next-auth/react';
import { useCallback } from 'react';
import { FormAlert } from '@/components/forms/form-alert';
import type { TextControl } from '@/components/forms/use-form-values';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Field, Input } from '@/components/ui/field';
import { safeReturnPath } from '@/lib/http/return-path';
import { HANDLE_MAX } from '@/lib/domain/accounts';
import { NAME_MAX_LENGTH, PASSWORD_HINT, PASSWORD_MIN_LENGTH } from '@/lib/validation/auth';
import type { FieldErrors } from '@/lib/validation/field-errors';
import { useAccountChange } from './account-channel';
import { useLoginForm, type Mode } from './use-login-form';

type LoginFormProps = {
  callbackUrl: string;
  oidc: { name: string } | null;
  initialMode: Mode;
  providerError: string | null;
};

function ModeTabs({ mode, switchTo }: { mode: Mode; switchTo: (mode: Mode) => void }) {
  return (
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
          className={cn('h-9 rounded-md', mode === m ? 'bg-white text-ink shadow-sm' : 'text-slate-600 hover:text-ink')}
        >
          {m === 'signin' ? 'Sign in' : 'Sign up'}
        </button>
      ))}
    </div>
  );
}

type FieldsProps = {
  mode: Mode;
  bind: (name: 'name' | 'handle' | 'email' | 'password') => TextControl;
  fields: FieldErrors;
};

function CredentialFields({ mode, bind, fields }: FieldsProps) {
  const signup = mode === 'signup';
  return (
    <>
      {signup && (
        <>
          <Field id="name" label="Name" error={fields.name}>
            <Input name="name" autoComplete="name" {...bind('name')} required maxLength={NAME_MAX_LENGTH} />
          </Field>
          <Field id="handle" label="Handle" error={fields.handle} hint={HANDLE_HINT}>
            <Input
              name="handle"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              {...bind('handle')}
              required
              maxLength={HANDLE_MAX + 1}
            />
          </Field>
        </>
      )}
      <Field id="email" label="Email" error={fields.email}>
        <Input name="email" type="email" autoComplete="email" {...bind('email')} required />
      </Field>
      <Field
        id="password"
        label="Password"
        error={fields.password}
        hint={
          signup ? (
            PASSWORD_HINT
          ) : (
            <Link href="/forgot-password" className="font-medium text-brand-700 hover:underline">
              Forgot password?
            </Link>
          )
        }
      >
        <Input
          name="password"
          type="password"
          autoComplete={signup ? 'new-password' : 'current-password'}
          {...bind('password')}
          required
          minLength={signup ? PASSWORD_MIN_LENGTH : undefined}
        />
      </Field>
    </>
  );
}

function OidcButton({ name, returnPath }: { name: string; returnPath: string }) {
  return (
    <>
      <div className="my-6 flex items-center gap-3 text-xs text-slate-500">
        <span className="h-px flex-1 bg-slate-200" /> or <span className="h-px flex-1 bg-slate-200" />
      </div>
      <Button
        variant="secondary"
        className="w-full"
        size="lg"
        onClick={() => void signIn('oidc', { callbackUrl: returnPath })}
      >
        Continue with {name}
      </Button>
    </>
  );
}

const HANDLE_HINT =
  'Shown as @handle on your profile: 3 to 30 letters, digits or underscores. You can change it later.';

/** After sign-up, whatever the address: where the next step is. */
type CheckInboxProps = { email: string; returnPath: string; switchTo: (mode: Mode) => void };

function CheckInbox({ email, returnPath, switchTo }: CheckInboxProps) {
  // The link followed in another tab signs this browser in: this one goes on to where the
  // person was (a checkout) without a reload of their own.
  const onward = useCallback(() => window.location.assign(returnPath), [returnPath]);
  useAccountChange(onward);
  return (
    <div role="status" className="mt-6 rounded-lg border border-brand-200 bg-brand-50 p-4 text-sm text-slate-700">
      <p className="font-semibold text-ink">Check your inbox</p>
      <p className="mt-1">
        We sent a message to <span className="font-medium break-all">{email}</span>. Follow its link to confirm your
        address: your account is made then, you are signed in, and this page goes on by itself. It can take a minute;
        look in your spam folder too.
      </p>
      <button
        type="button"
        onClick={() => switchTo('signin')}
        className="mt-3 font-semibold text-brand-700 hover:underline"
      >
        I already have an account
      </button>
    </div>
  );
}

export function LoginForm({ callbackUrl, oidc, initialMode, providerError }: LoginFormProps) {
  const returnPath = safeReturnPath(callbackUrl, '/profile');
  const { mode, switchTo, bind, fields, error, busy, submit, sentTo } = useLoginForm(
    initialMode,
    returnPath,
    providerError,
  );
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
      <ModeTabs mode={mode} switchTo={switchTo} />
      {sentTo ? (
        <CheckInbox email={sentTo} returnPath={returnPath} switchTo={switchTo} />
      ) : (
        <form onSubmit={submit} className="mt-6 space-y-4" noValidate>
          <CredentialFields mode={mode} bind={bind} fields={fields} />
          <FormAlert message={error} boxed />
          <Button type="submit" className="w-full" size="lg" disabled={busy}>
            {busy ? 'Please wait...' : mode === 'signin' ? 'Sign in' : 'Create account'}
          </Button>
        </form>
      )}
      {oidc && <OidcButton name={oidc.name} returnPath={returnPath} />}
    </div>
  );
}
