import Link from 'next/link';
import { buttonClasses } from '@/components/ui/button';

/** The 'Sign in' button of a page a visitor may read: it comes back to `returnTo` once signed in. */
export function SignInLink({ returnTo, className }: { returnTo: string; className: string }) {
  return (
    <Link
      href={`/login?callbackUrl=${encodeURIComponent(returnTo)}`}
      className={buttonClasses('primary', 'md', className)}
    >
      Sign in
    </Link>
  );
}
