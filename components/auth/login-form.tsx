'use client';

import { signIn } from 'next-auth/react';
import { FormAlert } from '@/components/forms/form-alert';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Field, Input } from '@/components/ui/field';
import { safeReturnPath } from '@/lib/http/return-path';
import { NAME_MAX_LENGTH, PASSWORD_HINT, PASSWORD_MIN_LENGTH } from '@/lib/validation/auth';
import type { FieldErrors } from '@/lib/validation/field-errors';
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
  values: { name: string; email: string; password: string };
  set: (key: 'name' | 'email' | 'password') => (value: string) => void;
  fields: FieldErrors;
};

function CredentialFields({ mode, values, set, fields }: FieldsProps) {
  const signup = mode === 'signup';
  return (
    <>
      {signup && (
        <Field id="name" label="Name" error={fields.name}>
          <Input
            name="name"
            autoComplete="name"
            value={values.name}
            onChange={(e) => set('name')(e.target.value)}
            required
            maxLength={NAME_MAX_LENGTH}
          />
        </Field>
      )}
      <Field id="email" label="Email" error={fields.email}>
        <Input
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(e) => set('email')(e.target.value)}
          required
        />
      </Field>
      <Field id="password" label="Password" error={fields.password} hint={signup ? PASSWORD_HINT : undefined}>
        <Input
          name="password"
          type="password"
          autoComplete={signup ? 'new-password' : 'current-password'}
          value={values.password}
          onChange={(e) => set('password')(e.target.value)}
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

export function LoginForm({ callbackUrl, oidc, initialMode, providerError }: LoginFormProps) {
  const returnPath = safeReturnPath(callbackUrl, '/profile');
  const { mode, switchTo, values, set, fields, error, busy, submit } = useLoginForm(
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
      <form onSubmit={submit} className="mt-6 space-y-4" noValidate>
        <CredentialFields mode={mode} values={values} set={set} fields={fields} />
        <FormAlert message={error} boxed />
        <Button type="submit" className="w-full" size="lg" disabled={busy}>
          {busy ? 'Please wait...' : mode === 'signin' ? 'Sign in' : 'Create account'}
        </Button>
      </form>
      {oidc && <OidcButton name={oidc.name} returnPath={returnPath} />}
    </div>
  );
}
