import Link from 'next/link';
import { buttonClasses } from '@/components/ui/button';

export default function NotFound() {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-6 py-24 text-center">
      <p className="text-7xl font-extrabold tracking-tight text-brand-600">404</p>
      <h1 className="mt-4 text-xl font-semibold text-ink">Sorry, we couldn&apos;t find this page.</h1>
      <Link href="/" className={buttonClasses('primary', 'md', 'mt-8')}>
        Back to the homepage
      </Link>
    </div>
  );
}
