import type { Metadata } from 'next';
import { LinkOutcome, linkToken, type TokenPageProps } from '@/components/auth/message-card';
import { getViewer } from '@/lib/auth/viewer';
import { confirmEmailChange, EMAIL_IN_USE } from '@/lib/users/email-change';

export const metadata: Metadata = { title: 'Confirm your new address', robots: { index: false } };

const NOT_CHANGED =
  'This link has expired or was already used. Your address has not changed; you can ask again in your account settings.';

// The page the link sent to a new address opens: following it moves the account there.
export default async function ConfirmEmailPage({ searchParams }: TokenPageProps) {
  const token = await linkToken(searchParams);
  const result = token ? await confirmEmailChange(token) : { status: 'expired' as const };
  const viewer = await getViewer();
  const onward = viewer
    ? { href: '/account#email', label: 'Go to account settings' }
    : { href: '/login', label: 'Sign in' };
  if (result.status === 'changed')
    return (
      <LinkOutcome
        title="Address changed"
        ok
        message={
          <>
            Your account now uses <span className="font-medium break-all">{result.email}</span>. Sign in with it from
            now on.
          </>
        }
        onward={onward}
      />
    );
  return (
    <LinkOutcome
      title="This link does not work"
      ok={false}
      message={result.status === 'taken' ? EMAIL_IN_USE : NOT_CHANGED}
      onward={onward}
    />
  );
}
