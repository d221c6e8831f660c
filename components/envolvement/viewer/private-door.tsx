'use client';

import Link from 'next/link';
import { usePagePart } from '@/components/layout/viewer-context';
import { buttonClasses } from '@/components/ui/button';

/**
 * On the not-found page of an envolvement that is not public: its creator and members are
 * told it is still theirs to open.
 */
export function PrivateDoor() {
  const part = usePagePart('private-envolvement');
  if (part === 'loading' || !part?.mayOpen) return null;
  return (
    <div role="status" className="mt-8 rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-slate-700">
      <p>It is not public, but you created or joined it, so you can still open it.</p>
      <Link href={`/envolvement/${part.id}/private`} className={buttonClasses('primary', 'md', 'mt-3')}>
        Open it
      </Link>
    </div>
  );
}
