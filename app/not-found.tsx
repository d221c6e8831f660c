import { NotFoundNotice } from '@/components/layout/not-found-notice';

export default function NotFound() {
  return <NotFoundNotice />;
}
