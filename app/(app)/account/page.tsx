import type { Metadata } from 'next';
import Link from 'next/link';
import { AccountHeading } from '@/components/account/account-heading';
import { redirect } from 'next/navigation';
import { ChangePasswordForm } from '@/components/account/change-password-form';
import { EmailPreferencesForm } from '@/components/notifications/email-preferences-form';
import { oidcProviderName } from '@/lib/auth/options';
import { getViewer } from '@/lib/auth/viewer';
import { getPreferences } from '@/lib/notifications/preferences';
import { getAccountUser } from '@/lib/users/service';
import type { EmailPreferences } from '@/lib/validation/notifications';

export const metadata: Metadata = { title: 'Account settings', robots: { index: false } };

const SECTION = 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8';

function EmailNotificationsSection({ email, preferences }: { email: string | null; preferences: EmailPreferences }) {
  return (
    <section id="notifications" className={`${SECTION} scroll-mt-20`} aria-labelledby="email-notifications">
      <h2 id="email-notifications" className="text-lg font-semibold text-ink">
        E-mail notifications
      </h2>
      <p className="mt-1 mb-6 text-sm text-slate-600">
        {email ? `Sent to ${email}. ` : 'This account has no e-mail address, so nothing is e-mailed. '}
        Everything also shows on your{' '}
        <Link href="/notifications" className="font-medium text-brand-700 hover:underline">
          Notifications
        </Link>{' '}
        page.
      </p>
      <EmailPreferencesForm initial={preferences} />
    </section>
  );
}

export default async function AccountPage() {
  const viewer = await getViewer();
  if (!viewer) redirect(`/login?callbackUrl=${encodeURIComponent('/account')}`);
  const [account, preferences] = await Promise.all([getAccountUser(viewer.id), getPreferences(viewer.id)]);
  if (!account) redirect(`/login?callbackUrl=${encodeURIComponent('/account')}`);
  return (
    <div className="mx-auto max-w-xl space-y-6 px-4 py-8 sm:px-6">
      <div>
        <AccountHeading title="Account settings" />
      </div>
      <section className={SECTION} aria-labelledby="account-details">
        <h2 id="account-details" className="text-lg font-semibold text-ink">
          Your account
        </h2>
        <dl className="mt-4 space-y-3 text-sm">
          <div>
            <dt className="font-medium text-slate-800">Name</dt>
            <dd className="text-slate-600 break-words">{account.name}</dd>
          </div>
          <div>
            <dt className="font-medium text-slate-800">Email</dt>
            <dd className="text-slate-600 break-words">{account.email ?? 'No email address'}</dd>
          </div>
        </dl>
      </section>
      <section className={SECTION} aria-labelledby="change-password">
        <h2 id="change-password" className="text-lg font-semibold text-ink">
          Change password
        </h2>
        {account.hasPassword && account.email ? (
          <>
            <p className="mt-1 mb-6 text-sm text-slate-600">
              Changing your password signs you out on every other device.
            </p>
            <ChangePasswordForm email={account.email} />
          </>
        ) : (
          <p className="mt-2 text-sm text-slate-600">
            You sign in with {oidcProviderName()}, so this account has no password here. Manage your password with{' '}
            {oidcProviderName()}.
          </p>
        )}
      </section>
      <EmailNotificationsSection email={account.email} preferences={preferences} />
    </div>
  );
}
