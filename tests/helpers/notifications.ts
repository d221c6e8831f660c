import { notifications } from '@/models';

/** A notification as the tests compare it: who, by whom, what and where, without ids and times. */
export const toldColumns = {
  recipientId: notifications.recipientId,
  actorId: notifications.actorId,
  kind: notifications.kind,
  envolvementId: notifications.envolvementId,
  text: notifications.text,
  link: notifications.link,
};
