'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { CompassIcon, HeartIcon, HomeIcon, InfoIcon, MailIcon, PlusIcon, SearchIcon, UserIcon } from './icons';

const ITEMS = [
  { href: '/', label: 'Home', Icon: HomeIcon },
  { href: '/explore', label: 'Explore', Icon: CompassIcon },
  // Signed out, it asks to sign in and comes back.
  { href: '/following', label: 'Following', Icon: HeartIcon },
  { href: '/create', label: 'Create', Icon: PlusIcon },
  { href: '/profile', label: 'Profile', Icon: UserIcon },
  { href: '/profile/search', label: 'Find people', Icon: SearchIcon },
  { href: '/about-us', label: 'About Us', Icon: InfoIcon },
  { href: '/contact-us', label: 'Contact Us', Icon: MailIcon },
];

/**
 * 'Profile' is the viewer's own page and their account settings: other people's
 * profiles and the people search are not the viewer's profile.
 */
function isCurrentItem(pathname: string, href: string): boolean {
  if (href === '/') return pathname === '/';
  if (href === '/profile') return pathname === '/profile' || pathname === '/account';
  return pathname === href || pathname.startsWith(`${href}/`);
}

type MenuItemsProps = {
  /** Collapsed: icons only, each named by its tooltip. */
  collapsed?: boolean;
  /** Called when a link is followed, so that a drawer closes. */
  onNavigate?: () => void;
};

/** The side menu's links, shared by the desktop menu and the phone drawer. */
export function MenuItems({ collapsed = false, onNavigate }: MenuItemsProps) {
  const pathname = usePathname();
  return (
    <ul className="flex-1 space-y-1 overflow-y-auto p-2">
      {ITEMS.map(({ href, label, Icon }) => {
        const current = isCurrentItem(pathname, href);
        return (
          <li key={href}>
            <Link
              href={href}
              title={collapsed ? label : undefined}
              aria-current={current ? 'page' : undefined}
              onClick={onNavigate}
              className="menu-link"
            >
              <Icon />
              <span className={collapsed ? 'hidden' : undefined}>{label}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
