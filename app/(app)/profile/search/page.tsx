import { connection } from 'next/server';
import type { Metadata } from 'next';
import { UserSearch } from '@/components/profile/user-search';

export const metadata: Metadata = {
  title: 'Find people',
  description: 'Find creators and members on Envolve by username.',
  alternates: { canonical: '/profile/search' },
};

export default async function UserSearchPage() {
  // Rendered for each request: its scripts carry the request's nonce (see proxy.ts).
  await connection();
  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-extrabold tracking-tight text-ink">Find people</h1>
      <p className="mt-1 mb-8 text-slate-600">Look up creators and members by their username.</p>
      <UserSearch />
    </div>
  );
}
