import type { Metadata } from 'next';
import { LinkOutcome, linkToken, type TokenPageProps } from '@/components/auth/message-card';
import { AnnounceAccountChange } from '@/components/auth/account-channel';
import { getViewer } from '@/lib/auth/viewer';
import { safeReturnPath } from '@/lib/http/return-path';
import { verifyEmail } from '@/lib/users/verification';

export const metadata: Metadata = { title: 'Confirm your address', robots: { index: false } };

// The page a confirmation e-mail's link opens: opening it confirms the address (that the
// message reached it is all there is to prove), so a mail scanner that opens it first only
// does what its owner would, and the owner's own visit then says it is confirmed.
export default async function VerifyEmailPage({ searchParams }: TokenPageProps) {
  const token = await linkToken(searchParams);
  const result = token ? await verifyEmail(token) : { status: 'invalid' as const };
  const viewer = await getViewer();
  if (result.status === 'confirmed') {
    // Back to where the link was asked for (a checkout that waits for it), else Explore.
    const back = result.returnPath ? safeReturnPath(result.returnPath, '') : '';
    const onward = back
      ? { href: back, label: back.startsWith('/payment/') ? 'Back to your checkout' : 'Continue where you were' }
      : { href: '/explore', label: 'Continue to Explore' };
    return (
      <>
        {/* A checkout waiting in another tab of this browser goes on at once. */}
        <AnnounceAccountChange change="email-confirmed" />
        <LinkOutcome
          title="Address confirmed"
          ok
          message={
            <>
              Thank you: <span className="font-medium break-all">{result.email}</span> is confirmed.
            </>
          }
          onward={
            viewer ? onward : { href: `/login?callbackUrl=${encodeURIComponent(back || '/explore')}`, label: 'Sign in' }
          }
        />
      </>
    );
  }
  const why =
    result.status === 'expired'
      ? 'This confirmation link has expired, or a newer one was sent.'
      : 'This confirmation link is not valid.';
  return (
    <LinkOutcome
      title="This link does not work"
      ok={false}
      message={`${why} You can ask for a new one in your account settings.`}
      onward={
        viewer
          ? { href: '/account#email', label: 'Go to account settings' }
          : { href: '/login?callbackUrl=%2Faccount%23email', label: 'Sign in' }
      }
    />
  );
}
