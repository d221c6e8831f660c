import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { NotificationInbox } from '@/components/notifications/notification-inbox';
import { getViewer } from '@/lib/auth/viewer';
import { listNotifications, unreadCount } from '@/lib/notifications/service';

export const metadata: Metadata = { title: 'Notifications', robots: { index: false } };

export default async function NotificationsPage() {
  const viewer = await getViewer();
  if (!viewer) redirect(`/login?callbackUrl=${encodeURIComponent('/notifications')}`);
  const [page, unread] = await Promise.all([listNotifications(viewer.id), unreadCount(viewer.id)]);
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold text-ink">Notifications</h1>
        <Link href="/account#notifications" className="text-sm font-medium text-brand-700 hover:underline">
          E-mail settings
        </Link>
      </div>
      <NotificationInbox initial={{ ...page, unread }} />
    </div>
  );
}
