import type { Metadata } from 'next';
import { CreateWizard } from '@/components/create/create-wizard';
import { PageNotice } from '@/components/ui/notice';
import { getViewer } from '@/lib/auth/viewer';
import { sellingFor } from '@/lib/payouts/service';

export const metadata: Metadata = { title: 'Create an envolvement', robots: { index: false } };

export default async function CreatePage() {
  const viewer = await getViewer();
  if (!viewer) {
    return (
      <PageNotice
        title="Authentication Required"
        message="Please sign in to create an envolvement."
        action={{ href: '/login?callbackUrl=/create', label: 'Sign in' }}
      />
    );
  }
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <CreateWizard
        creator={{ nickname: viewer.nickname || viewer.name, picture: viewer.picture }}
        selling={await sellingFor(viewer.id)}
      />
    </div>
  );
}
