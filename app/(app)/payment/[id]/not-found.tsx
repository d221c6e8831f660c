import { notFoundNotice } from '@/components/ui/notice';
import { ENVOLVEMENT_NOT_FOUND } from '@/lib/domain/payment-messages';

export default notFoundNotice({
  heading: false,
  title: ENVOLVEMENT_NOT_FOUND,
  action: { href: '/explore', label: 'Explore envolvements' },
});
