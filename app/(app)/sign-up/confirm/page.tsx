import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { FinishSignUp } from '@/components/auth/finish-sign-up';
import { LinkOutcome, linkToken, MessageCard, type TokenPageProps } from '@/components/auth/message-card';
import { getViewer } from '@/lib/auth/viewer';
import { peekSignUp, signUpProofFrom } from '@/lib/users/sign-up';

export const metadata: Metadata = { title: 'Confirm your address', robots: { index: false } };

// The page a sign-up's e-mail links to. Opening it changes nothing (a mail scanner may open
// it first); the account is made by FinishSignUp, from this browser's proof or the password.
export default async function ConfirmSignUpPage({ searchParams }: TokenPageProps) {
  const token = await linkToken(searchParams);
  const link = token
    ? await peekSignUp(token, signUpProofFrom((await headers()).get('cookie')))
    : ({ status: 'invalid' } as const);
  if (link.status === 'pending')
    return (
      <MessageCard title="Confirm your address">
        <FinishSignUp
          token={token!}
          email={link.email}
          returnPath={link.returnPath ?? '/profile'}
          proven={link.proven}
        />
      </MessageCard>
    );
  if (link.status === 'confirmed') {
    const viewer = await getViewer();
    return (
      <LinkOutcome
        title="Address confirmed"
        ok
        message={
          <>
            <span className="font-medium break-all">{link.email}</span> is confirmed and its account is ready.
          </>
        }
        onward={viewer ? { href: '/explore', label: 'Continue to Explore' } : { href: '/login', label: 'Sign in' }}
      />
    );
  }
  const why =
    link.status === 'expired'
      ? 'This link has expired, or its sign-up was finished another way.'
      : 'This confirmation link is not valid.';
  return (
    <LinkOutcome
      title="This link does not work"
      ok={false}
      message={`${why} You can sign up again, or sign in if you already have an account.`}
      onward={{ href: '/login?mode=signup', label: 'Sign up again' }}
    />
  );
}
