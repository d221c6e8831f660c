'use client';

import { formatDistanceToNow } from 'date-fns';
import Link from 'next/link';
import { Avatar } from '@/components/layout/avatar';
import { cn } from '@/components/ui/cn';
import type { NotificationDto } from '@/lib/notifications/types';

type NotificationItemProps = { item: NotificationDto; onFollow: (id: string) => void };

/** One notification: who, what and when, linking to the place it concerns. */
export function NotificationItem({ item, onFollow }: NotificationItemProps) {
  const unread = !item.read;
  return (
    <li>
      <Link
        href={item.link}
        onClick={() => onFollow(item.id)}
        data-testid="notification"
        data-unread={unread || undefined}
        className={cn(
          'flex items-start gap-3 px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50 sm:px-6',
          unread && 'bg-brand-50/70 hover:bg-brand-50',
        )}
      >
        <Avatar name={item.actor?.name ?? 'Envolve'} picture={item.actor?.picture} size={40} />
        <div className="min-w-0 flex-1">
          <p className={cn('text-sm break-words', unread ? 'font-semibold text-ink' : 'text-slate-700')}>
            {unread && <span className="sr-only">Unread: </span>}
            {item.text}
          </p>
          {/* The server's 'now' and the browser's may differ by a minute. */}
          <time dateTime={item.createdAt} suppressHydrationWarning className="mt-0.5 block text-xs text-slate-500">
            {formatDistanceToNow(new Date(item.createdAt), { addSuffix: true })}
          </time>
        </div>
        {unread && <span aria-hidden className="mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full bg-brand-600" />}
      </Link>
    </li>
  );
}
