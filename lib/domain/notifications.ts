// What people are told about, and which e-mail switch each kind answers to. Pure: the
// server, the inbox and the preferences form share it.

export const NOTIFICATION_KINDS = [
  'member_joined',
  'member_paid',
  'member_refunded',
  'payment_refunded',
  'update_posted',
  'comment_posted',
  'comment_replied',
  'submission_received',
  'submission_changed',
  'submission_status',
  'submissions_opened',
  'spot_opened',
  'new_envolvement',
] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The e-mail switches of the preferences: 'E-mail me about: …'. */
export const EMAIL_TOPICS = ['members', 'updates', 'submissions', 'comments', 'following'] as const;
export type EmailTopic = (typeof EMAIL_TOPICS)[number];

export const EMAIL_TOPIC_LABELS: Record<EmailTopic, string> = {
  members: 'members joining',
  updates: 'updates',
  submissions: 'submissions',
  comments: 'comments',
  following: 'new envolvements from creators you follow',
};

export const TOPIC_OF: Record<NotificationKind, EmailTopic> = {
  member_joined: 'members',
  member_paid: 'members',
  member_refunded: 'members',
  payment_refunded: 'members',
  update_posted: 'updates',
  submissions_opened: 'updates',
  // Asked for by the person waiting; their e-mail settings still decide whether it is mailed.
  spot_opened: 'updates',
  comment_posted: 'comments',
  comment_replied: 'comments',
  submission_received: 'submissions',
  submission_changed: 'submissions',
  submission_status: 'submissions',
  new_envolvement: 'following',
};

/**
 * The kinds that are never e-mailed one by one: a creator who publishes often must not fill
 * their followers' mailboxes, so these go out together, in one e-mail a day at most
 * (lib/follows/digest.ts), to those whose topic is on.
 */
export const DIGEST_KINDS: readonly NotificationKind[] = ['new_envolvement'];
