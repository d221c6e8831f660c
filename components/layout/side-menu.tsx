'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { cn } from '@/components/ui/cn';
import {
  ChevronLeftIcon,
  ChevronRightIcon,
  CompassIcon,
  HomeIcon,
  InfoIcon,
  MailIcon,
  PlusIcon,
  UserIcon,
} from './icons';

const ITEMS = [
  { href: '/', label: 'Home', Icon: HomeIcon },
  { href: '/explore', label: 'Explore', Icon: CompassIcon },
  { href: '/create', label: 'Create', Icon: PlusIcon },
  { href: '/profile', label: 'Profile', Icon: UserIcon },
  { href: '/about-us', label: 'About Us', Icon: InfoIcon },
  { href: '/contact-us', label: 'Contact Us', Icon: MailIcon },
];

function isCurrent(pathname: string, href: string): boolean {
  return href === '/' ? pathname === '/' : pathname === href || pathname.startsWith(`${href}/`);
}

/**
 * `open` is null until the user toggles: the menu then follows the screen width
 * (open above 768px, collapsed below) through CSS alone, so the server render matches.
 */
export function SideMenu({ open, onToggle }: { open: boolean | null; onToggle: () => void }) {
  const pathname = usePathname();
  const width = open === null ? 'w-16 md:w-72' : open ? 'w-72' : 'w-16';
  const labelVisibility = open === null ? 'hidden md:inline' : open ? 'inline' : 'hidden';
  const expanded = open === null ? undefined : open;

  return (
    <nav
      aria-label="Main"
      data-testid="side-menu"
      data-state={open === null ? 'auto' : open ? 'open' : 'collapsed'}
      className={cn(
        'sticky top-16 flex h-[calc(100vh-4rem)] shrink-0 flex-col border-r border-slate-200 bg-white transition-[width] duration-200',
        width,
      )}
    >
      <ul className="flex-1 space-y-1 p-2">
        {ITEMS.map(({ href, label, Icon }) => {
          const current = isCurrent(pathname, href);
          return (
            <li key={href}>
              <Link
                href={href}
                title={label}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  'flex h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium',
                  current ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100',
                )}
              >
                <Icon className="shrink-0" />
                <span className={labelVisibility}>{label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
      <div className="border-t border-slate-200 p-2">
        <button
          type="button"
          onClick={onToggle}
          aria-expanded={expanded}
          aria-label="Toggle menu"
          className="flex h-10 w-full items-center gap-3 rounded-lg px-3 text-sm text-slate-600 hover:bg-slate-100"
        >
          {open === false ? (
            <ChevronRightIcon />
          ) : open === null ? (
            <>
              <ChevronRightIcon className="md:hidden" />
              <ChevronLeftIcon className="hidden md:block" />
            </>
          ) : (
            <ChevronLeftIcon />
          )}
          <span className={labelVisibility}>Collapse menu</span>
        </button>
      </div>
    </nav>
  );
}
