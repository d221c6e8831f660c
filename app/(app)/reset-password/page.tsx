import type { Metadata } from 'next';
import Link from 'next/link';
import { CARD_LINK, linkToken, MessageCard, type TokenPageProps } from '@/components/auth/message-card';
import { ResetPasswordForm } from '@/components/auth/reset-password-form';
import { RESET_LINK_EXPIRED, resetLinkWorks } from '@/lib/users/recovery';

export const metadata: Metadata = { title: 'Set a new password', robots: { index: false } };

// The page a reset e-mail's link opens. Opening it uses nothing (a mail scanner may open it
// first): the link is used when the new password is sent.
export default async function ResetPasswordPage({ searchParams }: TokenPageProps) {
  const token = await linkToken(searchParams);
  const works = token !== null && (await resetLinkWorks(token));
  return (
    <MessageCard title="Set a new password">
      {works ? (
        <>
          <p className="text-sm text-slate-600">Setting it signs you out everywhere else, and signs you in here.</p>
          <ResetPasswordForm token={token!} />
        </>
      ) : (
        <>
          <p role="alert" className="text-slate-700">
            {RESET_LINK_EXPIRED}
          </p>
          <p className="text-sm">
            <Link href="/forgot-password" className={CARD_LINK}>
              Send me a new link
            </Link>
          </p>
        </>
      )}
    </MessageCard>
  );
}
