'use client';

import Link from 'next/link';
import { useEffect } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';

export default function ErrorScreen({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-6 py-24 text-center">
      <h1 className="text-2xl font-bold text-ink">Unexpected Application Error!</h1>
      <p className="mt-3 text-sm text-slate-600">Something went wrong on our side. Please try again.</p>
      <div className="mt-8 flex gap-3">
        <Button onClick={reset}>Try again</Button>
        <Link href="/" className={buttonClasses('secondary')}>
          Go home
        </Link>
      </div>
    </div>
  );
}
