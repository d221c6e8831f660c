import type { EnvolvementRow, PostRow } from '@/models';
import type { Category } from '@/lib/domain/categories';
import type { ActivityPostDto, EnvolvementDto, MembershipDto, OfferCardDto } from './types';
import { publicName } from '@/lib/domain/public-name';
import { centsToDollars } from './rules';

type Author = { id: string; nickname: string; name: string; picture: string | null };

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/**
 * Who wrote an update or made an offer, as the spec's shapes name them: `username` is the
 * handle; a deleted account has none, and its name, "Deleted member", stands in.
 */
const byline = (author: Author) => ({
  username: author.nickname || author.name,
  userPicture: author.picture,
  userID: author.id,
});

export function toActivityPostDto(
  post: Pick<PostRow, 'id' | 'title' | 'description' | 'imgUrl' | 'createdAt'>,
  author: Author,
): ActivityPostDto {
  return {
    _id: post.id,
    title: post.title,
    description: post.description,
    imgUrl: post.imgUrl,
    ...byline(author),
    datePublished: post.createdAt.toISOString(),
  };
}

type Extras = {
  /** Already filtered for the viewer: every member for the creator, at most the viewer's own id for anyone else. */
  visibleBuyerIds: string[];
  activityPost?: ActivityPostDto[];
  membership?: MembershipDto | null;
  /** Given only where the viewer may read it (its creator and members). */
  welcomeMessage?: string;
};

/** Maps a row to the spec's shape. */
export function toEnvolvementDto(
  row: EnvolvementRow,
  creator: Author,
  { visibleBuyerIds, activityPost = [], membership = null, welcomeMessage }: Extras,
): EnvolvementDto {
  return {
    // What a card shows, then the rest of the spec's shape.
    ...toOfferCardDto(row, creator, { visibleBuyerIds, membership }),
    type: 'BaseEnvolvement',
    description: row.description,
    datePublished: row.createdAt.toISOString(),
    price: { price: centsToDollars(row.priceCents), free: row.priceCents <= 0 },
    targetEnvolvmentDate: iso(row.targetDate),
    isActive: row.isActive,
    comments: row.commentsAllowed,
    published: { published: row.published, publishedReleaseDate: iso(row.publishedReleaseDate) },
    submissions: {
      submissionsAllowed: row.submissionsAllowed,
      submissionsActive: row.submissionsActive,
      submissionsIDPair: row.submissionsActive ? row.id : null,
      submissionDescription: row.submissionDescription,
      submissionDeadline: iso(row.submissionDeadline),
      submissionsDeadline: iso(row.submissionDeadline),
      submissionContent: { picture: row.submissionPicture, description: row.submissionText, url: row.submissionUrl },
    },
    purchasedUserIDs: visibleBuyerIds,
    activityPost,
    ...(welcomeMessage === undefined ? {} : { welcomeMessage }),
  };
}

/** The columns a card reads. */
export type CardRow = Pick<
  EnvolvementRow,
  | 'id'
  | 'creatorId'
  | 'title'
  | 'previewText'
  | 'imgUrl'
  | 'categories'
  | 'priceCents'
  | 'currency'
  | 'endDate'
  | 'quantity'
  | 'unlimited'
  | 'currentCount'
  | 'isActive'
  | 'archivedAt'
>;

/** Maps a row to a card: what lists send to the browser. */
export function toOfferCardDto(
  row: CardRow,
  creator: Author,
  { visibleBuyerIds, membership = null }: Pick<Extras, 'visibleBuyerIds' | 'membership'>,
): OfferCardDto {
  return {
    _id: row.id,
    title: row.title,
    previewText: row.previewText,
    imgUrl: row.imgUrl,
    ...byline(creator),
    creatorName: publicName(creator),
    categories: row.categories as Category[],
    priceCents: row.priceCents,
    currency: row.currency,
    endDate: { endDate: iso(row.endDate), none: row.endDate === null },
    quantity: { quantity: row.quantity, unlimited: row.unlimited, currentEnvolves: row.currentCount },
    active: row.isActive,
    removed: row.archivedAt !== null,
    membership,
    purchasedBy: visibleBuyerIds,
  };
}
