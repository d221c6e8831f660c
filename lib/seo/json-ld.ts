import { toMajorUnits } from '@/lib/domain/money';
import type { ProfileCounts } from '@/lib/domain/profile-counts';
import { profileTitle, publicName } from '@/lib/domain/public-name';
import { offerStatus, type OfferStatus } from '@/lib/envolvements/rules';
import type { EnvolvementDto, OfferCardDto } from '@/lib/envolvements/types';
import { siteUrl } from '@/lib/site';
import { absoluteUrl, envolvementPath, profilePath } from './urls';

// schema.org descriptions of the public pages, read by search engines from a
// <script type="application/ld+json"> block. Pure: the site and the clock are arguments
// (defaulting to the configured site and now) so that tests pin them.

export type JsonLdDocument = { '@context': 'https://schema.org' } & Record<string, unknown>;

type Options = { site?: string; now?: Date };

export type OfferAvailability = 'InStock' | 'SoldOut' | 'Discontinued';

type Offerable = Pick<EnvolvementDto, 'quantity' | 'endDate' | 'removed' | 'active'>;

const AVAILABILITY: Record<OfferStatus, OfferAvailability> = {
  open: 'InStock',
  sold_out: 'SoldOut',
  ended: 'Discontinued',
  removed: 'Discontinued',
  draft: 'Discontinued',
};

/**
 * Whether the offer can still be taken, read from the status its badge and action show:
 * one with no spot left may come back (SoldOut, a spot frees when a member is refunded);
 * one that ended or that its creator removed will not (Discontinued).
 */
export function offerAvailability(envolvement: Offerable, now: Date = new Date()): OfferAvailability {
  return AVAILABILITY[offerStatus(envolvement, now)];
}

type Crumb = { name: string; path: string };

/** The trail from the home page to a page, as a BreadcrumbList. */
export function breadcrumbList(crumbs: Crumb[], site: string = siteUrl()) {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(crumb.path, site),
    })),
  };
}

/** The offer's facts as its card has them (not who joined, nor the creator's picture), and when it was published. */
type Listed = Omit<OfferCardDto, 'userPicture' | 'membership' | 'purchasedBy'> & Pick<EnvolvementDto, 'datePublished'>;

function offerOf(envolvement: Listed, url: string, site: string, now: Date) {
  const { endDate } = envolvement;
  return {
    '@type': 'Offer',
    url,
    price: toMajorUnits(envolvement.priceCents, envolvement.currency),
    priceCurrency: envolvement.currency.toUpperCase(),
    availability: `https://schema.org/${offerAvailability(envolvement, now)}`,
    ...(endDate.none || !endDate.endDate ? {} : { validThrough: endDate.endDate }),
    seller: {
      '@type': 'Person',
      name: envolvement.creatorName,
      url: absoluteUrl(profilePath(envolvement.username), site),
    },
  };
}

/**
 * A published envolvement as a Product with one Offer, and its breadcrumbs. A draft is
 * nobody's to index: none.
 */
export function envolvementJsonLd(envolvement: Listed, options: Options = {}): JsonLdDocument | null {
  if (!envolvement.active) return null;
  const { site = siteUrl(), now = new Date() } = options;
  const path = envolvementPath(envolvement._id);
  const url = absoluteUrl(path, site);
  const product = {
    '@type': 'Product',
    '@id': `${url}#product`,
    name: envolvement.title,
    description: envolvement.previewText,
    url,
    ...(envolvement.imgUrl ? { image: absoluteUrl(envolvement.imgUrl, site) } : {}),
    ...(envolvement.categories.length ? { category: envolvement.categories.join(', ') } : {}),
    releaseDate: envolvement.datePublished,
    offers: offerOf(envolvement, url, site, now),
  };
  const crumbs = [
    { name: 'Home', path: '/' },
    { name: 'Explore', path: '/explore' },
    { name: envolvement.title, path },
  ];
  return { '@context': 'https://schema.org', '@graph': [product, breadcrumbList(crumbs, site)] };
}

type ProfilePerson = {
  id: string;
  name: string;
  nickname: string;
  picture: string | null;
  bio: string | null;
  links: string[];
};

/**
 * A public profile as a ProfilePage about a Person (their name, @handle, picture, bio and
 * links, and how many envolvements they published), and its breadcrumbs.
 */
export function profileJsonLd(
  user: ProfilePerson,
  counts: Pick<ProfileCounts, 'envolvements'> | null = null,
  options: Pick<Options, 'site'> = {},
): JsonLdDocument {
  const { site = siteUrl() } = options;
  const path = profilePath(user.nickname);
  const url = absoluteUrl(path, site);
  const shown = publicName(user);
  const person = {
    '@type': 'Person',
    '@id': `${url}#person`,
    name: shown,
    alternateName: `@${user.nickname}`,
    url,
    ...(user.picture ? { image: absoluteUrl(user.picture, site) } : {}),
    ...(user.bio ? { description: user.bio } : {}),
    ...(user.links.length ? { sameAs: user.links } : {}),
    ...(counts
      ? {
          agentInteractionStatistic: {
            '@type': 'InteractionCounter',
            interactionType: 'https://schema.org/WriteAction',
            userInteractionCount: counts.envolvements,
          },
        }
      : {}),
  };
  return {
    '@context': 'https://schema.org',
    '@graph': [
      { '@type': 'ProfilePage', url, name: `${profileTitle(user)} on Envolve`, mainEntity: person },
      breadcrumbList(
        [
          { name: 'Home', path: '/' },
          { name: shown, path },
        ],
        site,
      ),
    ],
  };
}

/** The site itself, with the search box search engines may offer: Explore's `q`. */
export function websiteJsonLd(options: Pick<Options, 'site'> = {}): JsonLdDocument {
  const { site = siteUrl() } = options;
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: 'Envolve',
    url: `${site}/`,
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${site}/explore?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}
