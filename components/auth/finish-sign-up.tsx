'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useApiAction } from '@/components/forms/use-api-action';
import { FormFooter } from '@/components/forms/form-footer';
import { Field, Input } from '@/components/ui/field';
import { PASSWORD_MAX_LENGTH } from '@/lib/validation/auth';
import { announceAccountChange } from './account-channel';
import { signInWithSignUpLink } from './use-login-form';

type FinishSignUpProps = {
  token: string;
  email: string;
  /** Where the person was when they signed up. */
  returnPath: string;
  /** Whether this browser is the one that signed up: then no password is asked. */
  proven: boolean;
};

/**
 * A sign-up's link: in the browser that signed up, the account is made and signed in to at
 * once; in another one (a phone, a webmail app's own browser) the password chosen proves it.
 */
export function FinishSignUp({ token, email, returnPath, proven }: FinishSignUpProps) {
  const router = useRouter();
  const [askPassword, setAskPassword] = useState(!proven);
  const [password, setPassword] = useState('');
  const action = useApiAction();
  const started = useRef(false);

  const finish = (withPassword: string | null) =>
    action.run({
      async send() {
        await signInWithSignUpLink(token, withPassword, returnPath);
        // The tab that signed up waits on "check your inbox": it goes on too.
        announceAccountChange('signed-in');
        router.push(returnPath);
        router.refresh();
      },
    });

  // Once, even under React's development double effects: the link makes one account.
  useEffect(() => {
    if (!proven || started.current) return;
    started.current = true;
    void finish(null).then(() => setAskPassword(true));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once, on arrival
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void finish(password);
  };

  if (!askPassword)
    return (
      <p role="status" className="text-slate-700">
        Confirming <span className="font-medium break-all">{email}</span> and signing you in…
      </p>
    );
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <p className="text-slate-700">
        To finish creating the account of <span className="font-medium break-all">{email}</span>, enter the password you
        chose when you signed up.
      </p>
      <Field id="password" label="Password">
        <Input
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          required
          maxLength={PASSWORD_MAX_LENGTH}
        />
      </Field>
      <FormFooter busy={action.busy} error={action.formError} label="Confirm and sign in" />
    </form>
  );
}
