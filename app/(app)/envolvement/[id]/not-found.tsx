import { PrivateDoor } from '@/components/envolvement/viewer/private-door';
import { PageNotice } from '@/components/ui/notice';

// An unknown envolvement, and one that is not public (a draft, a removed one): its creator and
// members are offered its private page.
export default function EnvolvementNotFound() {
  return (
    <PageNotice
      title="Envolvement Not Found"
      message="The requested Envolvement could not be found."
      action={{ href: '/explore', label: 'Return to Home' }}
    >
      <PrivateDoor />
    </PageNotice>
  );
}
