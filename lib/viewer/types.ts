import type { SubmissionStatus } from '@/lib/domain/submission-status';
import type { OfferAction } from '@/lib/envolvements/rules';
import type { ActivityPostDto, EnvolvementDto, MemberPage, MembershipDto } from '@/lib/envolvements/types';
import type { SubmissionTypes } from '@/lib/validation/submissions';

// What a public page shows that depends on who looks at it, as `GET /api/me?page=` answers it
// beside the viewer: the page itself is the same for everyone and comes from the cache, and
// these parts fill the places it keeps for them. Pure types: the browser reads them.

/** What deleting an envolvement would do, which its creator is shown beside Delete. */
export type RemovalImpact = { members: number; paidMembers: number; refundCents: number };

/** A submitted entry as the creator reviews it. */
export type ReviewEntry = {
  userID: string;
  username: string;
  pfp: string | null;
  picture: string;
  description: string;
  url: string;
  status: SubmissionStatus;
};

/** The Submissions tab as this viewer sees it. */
export type SubmissionsPart =
  | { kind: 'creator'; active: boolean; entries: ReviewEntry[]; accepts: string[]; removed: boolean }
  | { kind: 'not_enabled' }
  | { kind: 'join' }
  | {
      kind: 'member';
      allowed: SubmissionTypes;
      instructions: string;
      initial: { description: string; picture: string; url: string } | null;
      status: SubmissionStatus | null;
      deadlineLabel: string | null;
      closed: boolean;
      closedNote: string | null;
    };

/** The member tabs, for the creator and members in good standing. */
export type EnvolvementTabsPart = {
  posts: ActivityPostDto[];
  /** Where the updates take comments; null where comments are off. */
  comments: { creatorId: string; readOnly: boolean } | null;
  /** Null where submissions were never allowed. */
  submissions: SubmissionsPart | null;
  /** The first page of members, for the creator. */
  members: MemberPage | null;
  /** Whether this viewer may post updates (its creator, while it is not removed). */
  mayPost: boolean;
};

/** An envolvement's page for one viewer. */
export type EnvolvementPart = {
  kind: 'envolvement';
  id: string;
  /** Whether anyone is signed in: a visitor is asked to sign in first. */
  signedIn: boolean;
  /** The join bar's action: join, pay, sign in, or why not. */
  action: OfferAction;
  /** Set where the viewer may wait for a sold-out offer's next spot, and whether they do. */
  wait: { envolvementId: string; waiting: boolean } | null;
  isCreator: boolean;
  /** Following its creator, for anyone but the creator (a visitor is asked to sign in); null for them. */
  follow: { creatorId: string; following: boolean } | null;
  /** For its creator: Publish, Edit and Delete, and what deleting would do. */
  creatorTools: RemovalImpact | null;
  /** For its creator: the envolvement as the edit form starts from it. */
  editable: EnvolvementDto | null;
  /** The viewer's own membership, held or ended. */
  membership: MembershipDto | null;
  /** The member tabs when this viewer may read them; else the lock stands in. */
  tabs: EnvolvementTabsPart | null;
};

/** A profile's page for one viewer: its owner is shown the way to change it. */
export type ProfilePart = {
  kind: 'profile';
  userId: string;
  isOwner: boolean;
  /** Whether anyone is signed in: a visitor's Follow asks them to sign in first. */
  signedIn: boolean;
  /** Whether the viewer follows this profile's owner; false for the owner and for visitors. */
  following: boolean;
  /** How many follow them: for the owner alone, null for anyone else. */
  followers: number | null;
};

/** An envolvement page that is not public (a draft, a removed one): whether this viewer may open it. */
export type PrivateEnvolvementPart = { kind: 'private-envolvement'; id: string; mayOpen: boolean };

export type PagePart = EnvolvementPart | ProfilePart | PrivateEnvolvementPart;
