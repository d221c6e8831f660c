import { notFound } from 'next/navigation';
import type { ComponentType } from 'react';
import { CACHED_COPY } from '@/lib/routing/pages';

// Each marketing page is served from the cache as `/site/<page>/cached` (lib/routing/pages.ts):
// a dynamic segment is what lets Next render it on its first visit rather than in the build,
// so that its absolute links name the origin the server runs at (NEXTAUTH_URL).

/** None at build time: each page is made on its first visit. */
export function generateStaticParams(): Array<{ copy: string }> {
  return [];
}

type CopyProps = { params: Promise<{ copy: string }> };

/** A marketing page at its cached copy's address; any other value of the segment is a 404. */
export function cachedCopyOf(Page: ComponentType): (props: CopyProps) => Promise<React.JSX.Element> {
  return async function CachedCopy({ params }: CopyProps) {
    if ((await params).copy !== CACHED_COPY) notFound();
    return <Page />;
  };
}
