import Link from 'next/link';
import type { ReactNode } from 'react';
import { buttonClasses } from './button';

type NoticeProps = {
  title: string;
  message?: string;
  action?: { href: string; label: string };
  children?: ReactNode;
  heading?: boolean;
};

/** A centred page-level message: not signed in, not found, nothing here. */
export function PageNotice({ title, message, action, children, heading = true }: NoticeProps) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-6 py-24 text-center">
      {heading ? (
        <h1 className="text-2xl font-bold text-ink">{title}</h1>
      ) : (
        <p className="text-lg font-semibold text-ink">{title}</p>
      )}
      {message && <p className="mt-2 text-slate-600">{message}</p>}
      {action && (
        <Link href={action.href} className={buttonClasses('primary', 'md', 'mt-6')}>
          {action.label}
        </Link>
      )}
      {children}
    </div>
  );
}

/** A route's not-found.tsx: the page-level notice it shows, said once per route. */
export function notFoundNotice(notice: Omit<NoticeProps, 'children'>) {
  return function NotFound() {
    return <PageNotice {...notice} />;
  };
}
