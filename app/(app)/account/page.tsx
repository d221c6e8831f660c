import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { AccountHeading } from '@/components/account/account-heading';
import { ChangePasswordForm } from '@/components/account/change-password-form';
import { DataExportSection } from '@/components/account/data-export-section';
import { DeleteAccountSection } from '@/components/account/delete-account-section';
import { EmailSection } from '@/components/account/email-section';
import { ProfileSection } from '@/components/account/profile-section';
import { SettingsSection } from '@/components/account/settings-section';
import { EmailPreferencesForm } from '@/components/notifications/email-preferences-form';
import { oidcProviderName } from '@/lib/auth/options';
import { getViewer } from '@/lib/auth/viewer';
import { getPreferences } from '@/lib/notifications/preferences';
import { getAccountUser } from '@/lib/users/service';

export const metadata: Metadata = { title: 'Account settings', robots: { index: false } };

// Each section reads what it shows; the page only checks who is signed in.
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
      <ProfileSection userId={account.id} />
      <EmailSection userId={account.id} />
      <SettingsSection
        id="password"
        title="Change password"
        intro={
          account.hasPassword && account.email
            ? 'Changing your password signs you out on every other device.'
            : `You sign in with ${oidcProviderName()}, so this account has no password here. Manage your password with ${oidcProviderName()}.`
        }
      >
        {account.hasPassword && account.email ? <ChangePasswordForm email={account.email} /> : null}
      </SettingsSection>
      <SettingsSection
        id="notifications"
        title="E-mail notifications"
        intro={
          <>
            {account.email
              ? `Sent to ${account.email}. `
              : 'This account has no e-mail address, so nothing is e-mailed. '}
            Everything also shows on your{' '}
            <Link href="/notifications" className="font-medium text-brand-700 hover:underline">
              Notifications
            </Link>{' '}
            page.
          </>
        }
      >
        <EmailPreferencesForm initial={preferences} />
      </SettingsSection>
      <DataExportSection userId={account.id} />
      <DeleteAccountSection userId={account.id} />
    </div>
  );
}
