import Link from 'next/link';
import { HandleNoticeBanner } from '@/components/layout/handle-notice-banner';
import { profilePath } from '@/lib/seo/urls';
import { getProfileSettings } from '@/lib/users/profile-settings';
import { ProfileForm } from './profile-form';
import { ProfilePictureField } from './profile-picture-field';
import { SettingsSection } from './settings-section';

/** The Account page's 'Profile': what everyone sees on the public profile, and how to change it. */
export async function ProfileSection({ userId }: { userId: string }) {
  const settings = await getProfileSettings(userId);
  if (!settings) return null;
  return (
    <SettingsSection
      id="profile"
      title="Profile"
      intro={
        <>
          Everyone can see these on your{' '}
          <Link href={profilePath(settings.handle)} className="font-medium text-brand-700 hover:underline">
            public profile
          </Link>
          . Your e-mail address is never shown there.
        </>
      }
    >
      {!settings.handleChosen && (
        <div className="mb-6">
          <HandleNoticeBanner handle={settings.handle} />
        </div>
      )}
      <ProfilePictureField name={settings.name} picture={settings.picture} />
      <ProfileForm initial={settings} />
    </SettingsSection>
  );
}
