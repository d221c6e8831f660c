import type { Category } from '@/lib/domain/categories';
import type { PaymentStatus, PurchaseEndReason } from '@/lib/domain/payment-status';

// The envolvement as the API and the pages read it (spec section 3). Dates are ISO
// strings; prices are in dollars here and in cents everywhere else.
export type ActivityPostDto = {
  _id: string;
  title: string;
  description: string;
  imgUrl: string;
  username: string;
  userPicture: string | null;
  userID: string;
  datePublished: string;
};

/** The viewer's own membership of an envolvement, held or ended. */
export type MembershipDto = {
  joinedAt: string;
  amountCents: number;
  /** The currency of amountCents, as Stripe writes it ('usd'). */
  currency: string;
  free: boolean;
  /** Null while the membership holds its spot. */
  endReason: PurchaseEndReason | null;
  /** The ledger state of the payment behind it; null for a free membership. */
  paymentStatus: PaymentStatus | null;
  /** When the card payment's money arrived; null for a free membership or one still settling. */
  paidAt: string | null;
};

export type EnvolvementDto = {
  _id: string;
  type: 'BaseEnvolvement';
  title: string;
  previewText: string;
  description: string;
  imgUrl: string;
  /** The creator's handle, as the spec has it ("Deleted member" once their account is gone). */
  username: string;
  /** The name pages show for the creator: publicName, not the handle. */
  creatorName: string;
  userPicture: string | null;
  userID: string;
  categories: Category[];
  datePublished: string;
  price: { price: number; free: boolean };
  priceCents: number;
  currency: string;
  endDate: { endDate: string | null; none: boolean };
  targetEnvolvmentDate: string | null;
  quantity: { quantity: number; unlimited: boolean; currentEnvolves: number };
  active: boolean;
  isActive: boolean;
  comments: boolean;
  published: { published: boolean; publishedReleaseDate: string | null };
  submissions: {
    submissionsAllowed: boolean;
    submissionsActive: boolean;
    submissionsIDPair: string | null;
    submissionDescription: string;
    submissionDeadline: string | null;
    submissionsDeadline: string | null;
    submissionContent: { picture: boolean; description: boolean; url: boolean };
  };
  // The creator sees every buyer; anyone else at most their own id.
  purchasedBy: string[];
  purchasedUserIDs: string[];
  activityPost: ActivityPostDto[];
  /** Deleted by its creator after people joined: only its creator and members still see it. */
  removed: boolean;
  /** The viewer's latest membership, where the list knows it. */
  membership: MembershipDto | null;
  /** The creator's word to new members: sent to its creator and members only, never to the cache. */
  welcomeMessage?: string;
};

/** A row of the creator's member list (GET /api/post/{id}/members). */
export type MemberDto = {
  purchaseId: string;
  userID: string;
  /** The name pages show for the member: publicName, not the handle. */
  username: string;
  userPicture: string | null;
  joinedAt: string;
  amountCents: number;
  amountRefundedCents: number;
  currency: string;
  /** The ledger state of the card payment; null for a free membership. */
  paymentStatus: PaymentStatus | null;
  endReason: PurchaseEndReason | null;
  /** Whether the creator can refund this member in full now. */
  refundable: boolean;
};

export type MemberPage = { items: MemberDto[]; nextCursor: string | null };

/** What the face of an offer shows: a card, or the create wizard's preview filled from the form. */
export type OfferFace = Pick<
  EnvolvementDto,
  | 'title'
  | 'previewText'
  | 'description'
  | 'imgUrl'
  | 'priceCents'
  | 'endDate'
  | 'quantity'
  | 'username'
  | 'userPicture'
  | 'categories'
>;

/**
 * An envolvement as a card shows it (lists, Explore, profiles): no description, no
 * submission settings, no updates. The dialog and the detail page read the rest.
 */
export type OfferCardDto = Pick<
  EnvolvementDto,
  | '_id'
  | 'title'
  | 'previewText'
  | 'imgUrl'
  | 'username'
  | 'creatorName'
  | 'userPicture'
  | 'userID'
  | 'categories'
  | 'priceCents'
  | 'currency'
  | 'endDate'
  | 'quantity'
  | 'active'
  | 'removed'
  | 'membership'
  | 'purchasedBy'
>;
