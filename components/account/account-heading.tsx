import Link from 'next/link';
import type { ReactNode } from 'react';

/** The top of an account page: the way back to the profile, the page's title and what it is for. */
export function AccountHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <>
      <Link href="/profile" className="text-sm font-medium text-brand-700 hover:underline">
        ← Back to your profile
      </Link>
      <h1 className="mt-2 text-2xl font-bold text-ink">{title}</h1>
      {children && <p className="mt-1 text-sm text-slate-600">{children}</p>}
    </>
  );
}
