'use client';

import { getCsrfToken } from 'next-auth/react';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { useApiAction } from '@/components/forms/use-api-action';
import { useFormValues, type TextControl } from '@/components/forms/use-form-values';
import { suggestHandle } from '@/lib/domain/handles';
import { api, ApiError } from '@/lib/api-client';
import { registerSchema } from '@/lib/validation/auth';
import { checkWith } from '@/lib/validation/check';

export type Mode = 'signin' | 'signup';

const PROVIDER_ERRORS: Record<string, string> = {
  CredentialsSignin: 'Invalid email or password.',
  RateLimited: 'Too many failed sign-in attempts. Please wait a few minutes and try again.',
  OAuthSignin: 'Could not start sign-in with the provider. Please try again.',
  OAuthCallback: 'Sign-in with the provider failed. Please try again.',
};

const INVALID = 'Invalid email or password.';

export function providerErrorText(code: string | null): string | null {
  return code ? (PROVIDER_ERRORS[code] ?? 'Sign-in failed. Please try again.') : null;
}

/**
 * Posts to a next-auth credentials provider's callback directly (as its signIn() does) so
 * that a 429 and its message, which tells how long to wait, reach the form; any other
 * refusal is thrown as `refused`.
 */
async function signInThrough(provider: string, fields: Record<string, string>, returnPath: string, refused: string) {
  const csrfToken = (await getCsrfToken()) ?? '';
  try {
    await api(`/api/auth/callback/${provider}`, {
      urlencoded: new URLSearchParams({ ...fields, csrfToken, callbackUrl: returnPath, json: 'true' }),
    });
  } catch (error) {
    if (error instanceof ApiError && error.status > 0 && error.status !== 429)
      throw new ApiError(error.status, refused);
    throw error;
  }
}

export function signInWithPassword(email: string, password: string, returnPath: string): Promise<void> {
  return signInThrough('credentials', { email, password }, returnPath, INVALID);
}

const SIGN_UP_LINK_REFUSED =
  'This link could not finish your sign-up here. If you signed up in another browser, enter the password you chose.';
const SIGN_UP_PASSWORD_REFUSED =
  'That is not the password chosen for this sign-up, or its link no longer works. Check it, or sign up again.';

/**
 * Follows a sign-up's link: makes the account and signs in to it, proven by the cookie the
 * sign-up left in this browser, or by the password chosen then.
 */
export function signInWithSignUpLink(token: string, password: string | null, returnPath: string): Promise<void> {
  return password
    ? signInThrough('sign-up', { token, password }, returnPath, SIGN_UP_PASSWORD_REFUSED)
    : signInThrough('sign-up', { token }, returnPath, SIGN_UP_LINK_REFUSED);
}

/**
 * The handle field follows the name (a suggestion made from it) until the person types a
 * handle of their own.
 */
function useHandleSuggestion(values: { name: string; handle: string }, set: (name: 'handle') => (v: string) => void) {
  const [edited, setEdited] = useState(false);
  const bindName = (bind: TextControl): TextControl => ({
    value: bind.value,
    onChange: (event) => {
      bind.onChange(event);
      if (!edited) set('handle')(event.target.value.trim() ? suggestHandle(event.target.value) : '');
    },
  });
  const bindHandle = (bind: TextControl): TextControl => ({
    value: values.handle,
    onChange: (event) => {
      setEdited(true);
      bind.onChange(event);
    },
  });
  return { bindName, bindHandle };
}

/**
 * The sign-in and sign-up form's values and submit; sign-up checks with the server's schema
 * first, and ends on "check your inbox" (`sentTo`), whether or not the address had an account.
 */
export function useLoginForm(initialMode: Mode, returnPath: string, providerError: string | null) {
  const router = useRouter();
  const [mode, setMode] = useState<Mode>(initialMode);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { values, bind, set } = useFormValues({ name: '', handle: '', email: '', password: '' });
  const suggestion = useHandleSuggestion(values, set);
  const action = useApiAction({ message: INVALID, initialError: providerErrorText(providerError) });

  const submit = (event: FormEvent) =>
    action.submit(event, {
      check: () => (mode === 'signup' ? checkWith(registerSchema, values) : { ok: true, data: values }),
      async send() {
        if (mode === 'signup') {
          await api('/api/auth/register', {
            json: { ...values, returnPath },
            fallback: 'Could not create the account. Please try again.',
          });
          setSentTo(values.email.trim());
          return;
        }
        await signInWithPassword(values.email, values.password, returnPath);
        router.push(returnPath);
        router.refresh();
      },
    });

  function switchTo(next: Mode) {
    setMode(next);
    setSentTo(null);
    action.reset();
  }

  const bindField = (name: 'name' | 'handle' | 'email' | 'password'): TextControl =>
    name === 'name'
      ? suggestion.bindName(bind('name'))
      : name === 'handle'
        ? suggestion.bindHandle(bind('handle'))
        : bind(name);

  // A field's own message says it all; the others (429, no network) show above the button.
  return {
    mode,
    switchTo,
    bind: bindField,
    fields: action.fields,
    error: action.formError,
    busy: action.busy,
    submit,
    sentTo,
  };
}
