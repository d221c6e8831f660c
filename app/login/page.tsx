import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { LoginForm } from '@/components/auth/login-form';
import { isOidcConfigured, oidcProviderName } from '@/lib/auth/options';
import { getViewer } from '@/lib/auth/viewer';

export const metadata: Metadata = { title: 'Sign in', robots: { index: false } };

// Only same-site paths may be returned to after sign-in.
function safeCallback(value: string | string[] | undefined): string {
  const path = Array.isArray(value) ? value[0] : value;
  return path && path.startsWith('/') && !path.startsWith('//') ? path : '/profile';
}

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const callbackUrl = safeCallback(params.callbackUrl);
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
