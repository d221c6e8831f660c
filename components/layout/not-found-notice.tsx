'use client';

import Link from 'next/link';
import { buttonClasses } from '@/components/ui/button';

/**
 * The site's 404 (spec: '404', 'Sorry, we couldn't find this page.', a link home). A client
 * component: every page's RSC payload carries the not-found page of its layouts, by name
 * rather than by markup.
 */
export function NotFoundNotice() {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-6 py-24 text-center">
      <p className="text-7xl font-extrabold tracking-tight text-brand-600">404</p>
      <h1 className="mt-4 text-xl font-semibold text-ink">Sorry, we couldn&apos;t find this page.</h1>
      <Link href="/" className={buttonClasses('primary', 'md', 'mt-8')}>
        Back to the homepage
      </Link>
    </div>
  );
}
