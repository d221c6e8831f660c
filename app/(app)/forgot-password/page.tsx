import type { Metadata } from 'next';
import Link from 'next/link';
import { connection } from 'next/server';
import { CARD_LINK, MessageCard } from '@/components/auth/message-card';
import { ForgotPasswordForm } from '@/components/auth/forgot-password-form';

export const metadata: Metadata = { title: 'Forgot password', robots: { index: false } };

export default async function ForgotPasswordPage() {
  // Rendered for its request, so its scripts carry the request's nonce.
  await connection();
  return (
    <MessageCard title="Forgot your password?">
      <p className="text-sm text-slate-600">
        Type the address you sign in with. We will e-mail you a link to set a new password.
      </p>
      <ForgotPasswordForm />
      <p className="text-sm">
        <Link href="/login" className={CARD_LINK}>
          Back to sign in
        </Link>
      </p>
    </MessageCard>
  );
}
