import type { Metadata } from 'next';
import { profileTitle, publicName } from '@/lib/domain/public-name';
import type { EnvolvementDto } from '@/lib/envolvements/types';
import type { ExploreParams } from '@/lib/validation/explore';
import { envolvementPath, profilePath } from './urls';

// The metadata of the public pages that depend on what they show. Canonical paths are
// relative: the root layout's metadataBase makes them absolute on the configured site.

const NOT_INDEXED = { index: false, follow: true } as const;

/**
 * The site's default share image (app/opengraph-image.tsx), named by pages that set their
 * own Open Graph fields: those replace the inherited ones, image included.
 */
export const DEFAULT_OG_IMAGE = { url: '/opengraph-image', width: 1200, height: 630, type: 'image/png' };

/** The metadata of a page that shows the same to everyone: its title and description, at `path`. */
export function pageMetadata(path: string, { title, description }: { title: string; description: string }): Metadata {
  return { title, description, alternates: { canonical: path } };
}

/** Explore's address with only what changes the results: the search text and categories. */
export function exploreCanonical(params: Pick<ExploreParams, 'q' | 'categories'>): string {
  const query = new URLSearchParams();
  if (params.q) query.set('q', params.q);
  for (const category of params.categories) query.append('category', category);
  const search = query.toString();
  return search ? `/explore?${search}` : '/explore';
}

export function exploreMetadata(params: ExploreParams): Metadata {
  const description =
    'Discover commissions, live sessions, crowdfunding and participation spots from creators on Envolve.';
  return {
    title: params.q ? `“${params.q}” on Explore` : 'Explore',
    description,
    alternates: { canonical: exploreCanonical(params) },
    openGraph: {
      title: 'Explore envolvements',
      description,
      url: exploreCanonical(params),
      images: [DEFAULT_OG_IMAGE],
    },
  };
}

type Described = Pick<EnvolvementDto, '_id' | 'title' | 'previewText' | 'active' | 'removed'>;

/** The detail page's metadata; a draft is shown only to its creator, so never indexed. */
export function envolvementMetadata(envolvement: Described | null | undefined): Metadata {
  if (!envolvement) return { title: 'Envolvement Not Found', robots: NOT_INDEXED };
  if (envolvement.removed) return { title: 'Envolvement Removed', robots: NOT_INDEXED };
  const path = envolvementPath(envolvement._id);
  const { title, previewText: description } = envolvement;
  return {
    title,
    description,
    alternates: { canonical: path },
    ...(envolvement.active ? {} : { robots: { index: false, follow: false } }),
    // The image is the route's generated opengraph-image (PNG), not set here.
    openGraph: { title, description, url: path, type: 'article' },
    twitter: { card: 'summary_large_image', title, description },
  };
}

type Profiled = { id: string; name: string; nickname: string; bio: string | null };

/** Text as one line, cut where search results cut descriptions. */
function excerpt(text: string, max = 160): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

export function profileMetadata(user: Profiled | null): Metadata {
  if (!user) return { title: 'User not found', robots: NOT_INDEXED };
  const title = profileTitle(user);
  const description = user.bio
    ? excerpt(user.bio)
    : `Envolvements by ${publicName(user)}: commissions, live sessions and more.`;
  const path = profilePath(user.nickname);
  return {
    title,
    description,
    alternates: { canonical: path },
    openGraph: { title: `${title} on Envolve`, description, url: path, type: 'profile', username: user.nickname },
    twitter: { card: 'summary_large_image', title: `${title} on Envolve`, description },
  };
}
