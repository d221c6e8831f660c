import { PageNotice } from '@/components/ui/notice';

export default function EnvolvementNotFound() {
  return (
    <PageNotice
      title="Envolvement Not Found"
      message="The requested Envolvement could not be found."
      action={{ href: '/explore', label: 'Return to Home' }}
    />
  );
}
