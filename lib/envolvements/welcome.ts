import type { EnvolvementDto } from './types';

// What a new member is shown once they join (the welcome panel) and sent (the welcome
// e-mail): what membership gives them, and the creator's word to them. Pure: the browser
// and the e-mail share it.

/** The welcome of one envolvement, as the join answers it and the panel draws it. */
export type WelcomeDto = {
  envolvementId: string;
  title: string;
  /** The creator's welcome message; empty for none. */
  welcomeMessage: string;
  /** Whether members can send submissions now. */
  submissionsOpen: boolean;
  /** Whether members can comment on the updates. */
  comments: boolean;
};

/** What a member gets, one line each: updates always, submissions while open, comments when on. */
export function memberPerks(offer: { submissionsOpen: boolean; comments: boolean }): string[] {
  return [
    "The creator's updates on the Activity tab, with a notification for each",
    offer.submissionsOpen && 'Send your submission: submissions are open now',
    offer.comments && 'Comment on the updates and talk with the creator and other members',
  ].filter((perk): perk is string => Boolean(perk));
}

/** The welcome of an envolvement as its creator or a member reads it. */
export function welcomeOf(envolvement: EnvolvementDto): WelcomeDto {
  return {
    envolvementId: envolvement._id,
    title: envolvement.title,
    welcomeMessage: envolvement.welcomeMessage ?? '',
    submissionsOpen: envolvement.submissions.submissionsActive && !envolvement.removed,
    comments: envolvement.comments && !envolvement.removed,
  };
}
