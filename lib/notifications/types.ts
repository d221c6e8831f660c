import type { NotificationKind } from '@/lib/domain/notifications';

// What the inbox shows of a notification: the API's answer and the page's props.

export type NotificationActor = { id: string; name: string; picture: string | null };

export type NotificationDto = {
  id: string;
  kind: NotificationKind;
  text: string;
  link: string;
  createdAt: string;
  read: boolean;
  /** Who did it; null when the app did, or their account is gone. */
  actor: NotificationActor | null;
};

export type NotificationPage = { items: NotificationDto[]; nextCursor: string | null };

/** GET /api/notifications: a page, and how many are unread in all. */
export type NotificationInboxPage = NotificationPage & { unread: number };
