import { notFoundNotice } from '@/components/ui/notice';

export default notFoundNotice({
  title: 'User not found',
  message: 'Sorry, no user can be found.',
  action: { href: '/profile/search', label: 'Search again' },
});
