import type { Metadata } from 'next';
import { headers } from 'next/headers';
import Link from 'next/link';
import { profilePath } from '@/lib/seo/urls';
import { notFound } from 'next/navigation';
import { Avatar } from '@/components/layout/avatar';
import { getViewer } from '@/lib/auth/viewer';
import { clientIp } from '@/lib/http/client-ip';
import { consumeRateLimit, RateLimitError } from '@/lib/rate-limit';
import { searchUsers, type UserSearchResult } from '@/lib/users/search';
import { decodeSegment, userSearchSchema } from '@/lib/validation/users';

export const metadata: Metadata = { title: 'Search results', robots: { index: false } };

export default async function UserSearchResultsPage({ params }: { params: Promise<{ term: string }> }) {
  const term = decodeSegment((await params).term);
  const viewer = await getViewer();
  let results: UserSearchResult[] = [];
  let limited: string | null = null;
  try {
    await consumeRateLimit('userSearch', viewer?.id ?? clientIp(await headers()));
    const parsed = userSearchSchema.safeParse(term);
    if (parsed.success) results = await searchUsers(parsed.data);
  } catch (error) {
    if (!(error instanceof RateLimitError)) throw error;
    limited = error.message;
  }
  if (limited) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center px-6 py-24 text-center">
        <p className="text-lg font-semibold text-ink">{limited}</p>
        <Link href="/profile/search" className="mt-6 text-sm font-semibold text-brand-700">
          Search again
        </Link>
      </div>
    );
  }
  // No match (or a term too short to search) is a real 404, so it is never indexed.
  if (!results.length) notFound();
  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:px-6">
      <h1 className="text-2xl font-bold text-ink">Users matching “{term}”</h1>
      <ul className="mt-6 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
        {results.map((user) => (
          <li key={user.user_id}>
            <Link href={profilePath(user.nickname)} className="flex items-center gap-3 px-4 py-3 hover:bg-slate-50">
              <Avatar name={user.name} picture={user.picture} size={36} />
              <span className="font-medium text-ink">{user.name}</span>
              <span className="text-sm text-slate-500">@{user.nickname}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
