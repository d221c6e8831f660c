import { notFoundNotice } from '@/components/ui/notice';

export default notFoundNotice({
  title: 'Envolvement Not Found',
  message: 'The requested Envolvement could not be found.',
  action: { href: '/explore', label: 'Return to Home' },
});
