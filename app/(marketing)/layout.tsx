import { connection } from 'next/server';
import type { ReactNode } from 'react';

// Rendered for each request, not at build time: their absolute links (canonical, share
// cards, JSON-LD) name the origin the server runs at (NEXTAUTH_URL), which the build does
// not know, and their scripts carry the request's nonce.
export default async function MarketingLayout({ children }: { children: ReactNode }) {
  await connection();
  return children;
}
