import { z } from 'zod/mini';
import { EMAIL_TOPICS, type EmailTopic } from '@/lib/domain/notifications';
import { cursorQuerySchema } from './explore';

/** GET /api/notifications?cursor=: where the page starts, none for the newest. */
export const notificationListQuerySchema = cursorQuerySchema;

export type EmailPreferences = Record<EmailTopic, boolean>;

const topicSwitch = (topic: EmailTopic) => z.boolean({ error: `${topic} must be true or false` });

/**
 * PUT /api/notifications/preferences: any of the e-mail switches, each true or false, and
 * nothing else; the ones left out keep their value.
 */
export const emailPreferencesSchema = z
  .strictObject(
    {
      members: z.optional(topicSwitch('members')),
      updates: z.optional(topicSwitch('updates')),
      submissions: z.optional(topicSwitch('submissions')),
      comments: z.optional(topicSwitch('comments')),
      following: z.optional(topicSwitch('following')),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Unknown e-mail setting: ${issue.keys.join(', ')}`
          : `Send the e-mail settings as an object of ${EMAIL_TOPICS.join(', ')}`,
    },
  )
  .check(
    z.refine((value) => EMAIL_TOPICS.some((topic) => value[topic] !== undefined), {
      message: `Send at least one of ${EMAIL_TOPICS.join(', ')}`,
    }),
  );

export type EmailPreferencesInput = z.infer<typeof emailPreferencesSchema>;
