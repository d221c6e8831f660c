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
] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The e-mail switches of the preferences: 'E-mail me about: …'. */
export const EMAIL_TOPICS = ['members', 'updates', 'submissions', 'comments'] as const;
export type EmailTopic = (typeof EMAIL_TOPICS)[number];

export const EMAIL_TOPIC_LABELS: Record<EmailTopic, string> = {
  members: 'members joining',
  updates: 'updates',
  submissions: 'submissions',
  comments: 'comments',
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
};
