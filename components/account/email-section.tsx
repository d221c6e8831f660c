import { getAccountUser } from '@/lib/users/service';
import { ChangeEmailForm, ResendVerificationButton } from './email-forms';
import { SettingsSection } from './settings-section';

/** The account's address: whether it is confirmed, a new link to confirm it, and moving to another. */
export async function EmailSection({ userId }: { userId: string }) {
  const account = await getAccountUser(userId);
  if (!account) return null;
  return (
    <SettingsSection id="email" title="E-mail address">
      {account.email ? (
        <div className="mb-6 space-y-2 text-sm">
          <p className="text-slate-700">
            <span className="font-medium break-all">{account.email}</span>{' '}
            {account.emailVerified ? (
              <span className="ml-1 rounded-full bg-green-50 px-2 py-0.5 text-xs font-medium text-green-800">
                Confirmed
              </span>
            ) : (
              <span className="ml-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900">
                Not confirmed
              </span>
            )}
          </p>
          {!account.emailVerified && (
            <>
              <p className="text-slate-600">
                Confirm it to pay, to sell and to get notification e-mails: follow the link we sent you.
              </p>
              <ResendVerificationButton />
            </>
          )}
        </div>
      ) : (
        <p className="mb-6 text-sm text-slate-600">This account has no e-mail address yet.</p>
      )}
      <ChangeEmailForm needsPassword={account.hasPassword} />
    </SettingsSection>
  );
}
