import type { Metadata } from 'next';
import Link from 'next/link';
import { CreateWizard } from '@/components/create/create-wizard';
import { buttonClasses } from '@/components/ui/button';
import { getViewer } from '@/lib/auth/viewer';

export const metadata: Metadata = { title: 'Create an envolvement', robots: { index: false } };

export default async function CreatePage() {
  const viewer = await getViewer();
  if (!viewer) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center px-6 py-24 text-center">
        <h1 className="text-2xl font-bold text-ink">Authentication Required</h1>
        <p className="mt-2 text-slate-600">Please log in to create an envolvement.</p>
        <Link href="/login?callbackUrl=/create" className={buttonClasses('primary', 'md', 'mt-6')}>
          Log In
        </Link>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <CreateWizard />
    </div>
  );
}
