import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { isUuid } from '@/lib/validation/ids';

// An address whose id cannot name an envolvement is a real 404, for visitors and members
// alike, decided before the checkout renders anything.
export default async function CheckoutLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ id: string }>;
}) {
  if (!isUuid((await params).id)) notFound();
  return children;
}
