import { connection } from 'next/server';
import type { Metadata } from 'next';
import Link from 'next/link';
import { buttonClasses } from '@/components/ui/button';

export const metadata: Metadata = { title: 'Payments', robots: { index: false } };

export default async function PaymentIndexPage() {
  // Rendered for each request: its scripts carry the request's nonce (see proxy.ts).
  await connection();
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-6 py-24 text-center">
      <h1 className="text-2xl font-bold text-ink">Payments</h1>
      <p className="mt-2 text-slate-600">Choose an envolvement on Explore to join or pay for it.</p>
      <Link href="/explore" className={buttonClasses('primary', 'md', 'mt-6')}>
        Explore envolvements
      </Link>
    </div>
  );
}
