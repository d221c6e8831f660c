import type { Metadata } from 'next';
import { AmbassadorForm } from '@/components/marketing/ambassador-form';
import { PageHeader } from '@/components/marketing/page-header';

export const metadata: Metadata = {
  title: 'Become an Ambassador',
  description: 'Apply to the Envolve ambassador program.',
  alternates: { canonical: '/ambassador' },
};

export default function AmbassadorPage() {
  return (
    <div>
      <PageHeader title="Become an Ambassador">
        Tell us about you and your channel. Ambassadors help creators discover Envolve.
      </PageHeader>
      <div className="mx-auto max-w-3xl px-6 py-12">
        <AmbassadorForm />
      </div>
    </div>
  );
}
