import Link from 'next/link';
import type { ReactNode } from 'react';
import { OwnFollowerCount } from '@/components/follows/own-follower-count';
import { ProfileFollow } from '@/components/follows/profile-follow';
import { Avatar } from '@/components/layout/avatar';
import { Picture } from '@/components/ui/picture';
import type { ProfileCounts as Counts } from '@/lib/domain/profile-counts';
import { publicName } from '@/lib/domain/public-name';
import { BannerEditor } from './banner-editor';
import { ForOwner } from './for-owner';
import { ProfileAbout } from './profile-about';
import { ProfileCounts } from './profile-counts';

type ProfileHeaderProps = {
  user: {
    id: string;
    name: string;
    nickname: string;
    picture: string | null;
    bannerUrl: string | null;
    bio: string | null;
    links: string[];
  };
  counts: Counts;
  /** Only on the owner's own page, rendered for them. */
  email?: string | null;
  /**
   * 'own': the owner's own page, rendered for them; 'public': the public profile, the same for
   * everyone, whose owner tools show once the browser knows the viewer is its owner.
   */
  editable: 'own' | 'public';
  children?: ReactNode;
};

/** The way to the owner's settings. */
function SettingsNav() {
  return (
    <nav aria-label="Your settings" className="flex flex-wrap gap-x-4 gap-y-1 text-sm font-medium">
      <Link href="/account#profile" className="text-brand-700 hover:underline">
        Edit profile
      </Link>
      <Link href="/account" className="text-brand-700 hover:underline">
        Account settings
      </Link>
      <Link href="/account/payouts" className="text-brand-700 hover:underline">
        Payouts
      </Link>
      <Link href="/account/earnings" className="text-brand-700 hover:underline">
        Earnings
      </Link>
    </nav>
  );
}

/** Shown to the owner: at once on their own page, once known on the public one. */
function OwnerOnly({ editable, children }: { editable: 'own' | 'public'; children: ReactNode }) {
  return editable === 'own' ? children : <ForOwner>{children}</ForOwner>;
}

/** A profile's banner, picture, name, @handle, counts, bio and links. */
export function ProfileHeader({ user, counts, email, editable, children }: ProfileHeaderProps) {
  const displayName = publicName(user);
  return (
    <section className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div
        data-testid="profile-banner"
        className="relative h-40 bg-gradient-to-r from-brand-500 via-brand-400 to-pink-400 sm:h-52"
      >
        {user.bannerUrl && (
          <Picture
            src={user.bannerUrl}
            alt=""
            fill
            priority
            sizes="(min-width: 1152px) 1152px, 100vw"
            className="object-cover"
            data-testid="profile-banner-image"
          />
        )}
        <OwnerOnly editable={editable}>
          <BannerEditor />
        </OwnerOnly>
      </div>
      <div className="relative flex flex-col gap-4 px-6 pb-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex min-w-0 flex-col gap-3 sm:flex-row sm:items-end sm:gap-4">
          <Avatar name={displayName} picture={user.picture} size={96} className="-mt-12 border-4 border-white shadow" />
          <div className="min-w-0 space-y-1 pb-1 break-words">
            <h1 className="text-2xl font-bold text-ink">{displayName}</h1>
            <p className="text-sm text-slate-600" data-testid="profile-handle">
              @{user.nickname}
            </p>
            {email && <p className="text-sm text-slate-500">{email}</p>}
            <ProfileCounts counts={counts} />
            {/* Its owner's follower count; anyone else's Follow, from their part of the page. */}
            {editable === 'own' ? <OwnFollowerCount userId={user.id} /> : <ProfileFollow />}
            <OwnerOnly editable={editable}>
              <SettingsNav />
            </OwnerOnly>
          </div>
        </div>
        {children}
      </div>
      <ProfileAbout bio={user.bio} links={user.links} />
    </section>
  );
}
