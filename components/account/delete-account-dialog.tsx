'use client';

import { signOut } from 'next-auth/react';
import { useState, type FormEvent } from 'react';
import { PasswordFields, type PasswordField } from '@/components/forms/password-fields';
import { useApiAction } from '@/components/forms/use-api-action';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/field';
import { StatusMessage } from '@/components/ui/status-message';
import type { AccountDeletionImpact } from '@/lib/account/impact';
import { api } from '@/lib/api-client';
import {
  DELETE_WORD,
  passwordProofSchema,
  typedProofSchema,
  type DeleteAccountInput,
} from '@/lib/validation/account-deletion';
import { checkWith } from '@/lib/validation/check';
import { DeleteAccountImpact } from './delete-account-impact';

const DELETE_FAILED = 'Could not delete your account. Please try again.';

/** The proof the account gives: its password, or the word typed by one that signs in with a provider. */
const PROOF_PASSWORD: ReadonlyArray<PasswordField<'password'>> = [
  { key: 'password', id: 'delete-password', label: 'Your password', autoComplete: 'current-password' },
];

function ProofField({
  hasPassword,
  value,
  error,
  onChange,
}: {
  hasPassword: boolean;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  if (hasPassword) {
    return (
      <PasswordFields
        fields={PROOF_PASSWORD}
        values={{ password: value }}
        onChange={(_, typed) => onChange(typed)}
        errors={error ? { password: error } : {}}
      />
    );
  }
  return (
    <Field id="delete-confirm" label={`Type ${DELETE_WORD} to confirm`} error={error}>
      <Input
        name="confirm"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        value={value}
        maxLength={50}
        onChange={(event) => onChange(event.target.value)}
        required
      />
    </Field>
  );
}

function useDeleteAccount(hasPassword: boolean) {
  const [value, setValue] = useState('');
  const action = useApiAction({ message: DELETE_FAILED });
  const input: DeleteAccountInput = hasPassword ? { password: value } : { confirm: value };

  const submit = (event: FormEvent) =>
    action.submit(event, {
      check: () =>
        hasPassword ? checkWith<unknown>(passwordProofSchema, input) : checkWith<unknown>(typedProofSchema, input),
      async send() {
        await api('/api/account', { method: 'DELETE', json: input, fallback: DELETE_FAILED });
        // The account is gone, and its sessions with it: the cookie left in this browser goes too.
        await signOut({ callbackUrl: '/' });
      },
      leaves: true,
    });

  const change = (next: string) => {
    setValue(next);
    action.setFields(() => ({}));
  };
  const close = () => {
    setValue('');
    action.reset();
  };
  return { value, change, close, submit, action, field: hasPassword ? 'password' : 'confirm' };
}

/** "Delete account…": the dialog says what will happen with this account's numbers, then asks for proof. */
export function DeleteAccountDialog({ impact, hasPassword }: { impact: AccountDeletionImpact; hasPassword: boolean }) {
  const [open, setOpen] = useState(false);
  const { value, change, close, submit, action, field } = useDeleteAccount(hasPassword);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // Not while it runs: the request goes on whatever the dialog does.
        if (action.busy) return;
        setOpen(next);
        if (!next) close();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="danger">Delete account…</Button>
      </DialogTrigger>
      <DialogContent title="Delete your account?" description="This cannot be undone. Here is what happens:">
        <DeleteAccountImpact impact={impact} />
        <form onSubmit={submit} className="mt-6 space-y-4" noValidate>
          <ProofField hasPassword={hasPassword} value={value} error={action.fields[field]} onChange={change} />
          <StatusMessage status={action.formError ? { ok: false, text: action.formError } : null} />
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="secondary" disabled={action.busy}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant="danger" disabled={action.busy}>
              {action.busy ? 'Deleting…' : 'Delete my account'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
