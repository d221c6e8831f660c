import Link from 'next/link';
import type { ReactNode } from 'react';
import { accountTokenSchema } from '@/lib/validation/account';

/** The card of a page reached from an account e-mail (a link to confirm, to reset, to move). */
export function MessageCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:px-6">
      <div className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-ink">{title}</h1>
        {children}
      </div>
    </div>
  );
}

/** A link styled as the cards' way on. */
export const CARD_LINK = 'font-semibold text-brand-700 hover:underline';

/** What following an e-mail's link did: a status to read (or an alert when it did not work) and the way on. */
export function LinkOutcome({
  title,
  ok,
  message,
  onward,
}: {
  title: string;
  ok: boolean;
  message: ReactNode;
  onward: { href: string; label: string };
}) {
  return (
    <MessageCard title={title}>
      <p role={ok ? 'status' : 'alert'} className="text-slate-700">
        {message}
      </p>
      <p className="text-sm">
        <Link href={onward.href} className={CARD_LINK}>
          {onward.label}
        </Link>
      </p>
    </MessageCard>
  );
}

/** The `?token=` of an e-mail's link, if it has the form of one (a repeated one does not). */
export async function linkToken(searchParams: Promise<{ token?: string | string[] }>): Promise<string | null> {
  const parsed = accountTokenSchema.safeParse((await searchParams).token);
  return parsed.success ? parsed.data : null;
}

export type TokenPageProps = { searchParams: Promise<{ token?: string | string[] }> };
