import { PageNotice } from '@/components/ui/notice';

export default function UserNotFound() {
  return (
    <PageNotice
      title="User not found"
      message="Sorry, no user can be found."
      action={{ href: '/profile/search', label: 'Search again' }}
    />
  );
}
