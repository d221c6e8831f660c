import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { LoginForm } from '@/components/auth/login-form';
import { isOidcConfigured, oidcProviderName } from '@/lib/auth/options';
import { getViewer } from '@/lib/auth/viewer';
import { safeReturnPath } from '@/lib/http/return-path';

export const metadata: Metadata = { title: 'Sign in', robots: { index: false } };

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  // Only same-site paths may be returned to after sign-in.
  const callbackUrl = safeReturnPath(params.callbackUrl, '/profile');
  if (await getViewer()) redirect(callbackUrl);
  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-12">
      <LoginForm
        callbackUrl={callbackUrl}
        oidc={isOidcConfigured() ? { name: oidcProviderName() } : null}
        initialMode={params.mode === 'signup' ? 'signup' : 'signin'}
        providerError={typeof params.error === 'string' ? params.error : null}
      />
    </div>
  );
}
