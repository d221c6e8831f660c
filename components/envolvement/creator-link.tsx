import Link from 'next/link';
import type { ReactNode } from 'react';
import { isDeletedUserId } from '@/lib/domain/deleted-member';
import { profilePath } from '@/lib/seo/urls';

/** The creator's name, in brand colour, linking to their profile; a deleted account has none to link to. */
export function CreatorLink({ userId, handle, children }: { userId: string; handle: string; children: ReactNode }) {
  if (isDeletedUserId(userId)) return <span className="font-semibold text-slate-700">{children}</span>;
  return (
    <Link href={profilePath(handle)} className="font-semibold text-brand-700 hover:underline">
      {children}
    </Link>
  );
}
