import 'server-only';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { cachedRead, CACHE_TAGS } from '@/lib/cache';
import { rows } from '@/lib/db/rows';
import { hasEndedSql, isPublishedSql } from '@/lib/envolvements/conditions';
import { publicNameSql } from '@/lib/users/public-name-sql';
import type { Category } from '@/lib/domain/categories';
import { envolvements, users } from '@/models';
import type { HeroSlide } from './hero-slide';
import { EXAMPLE_OFFERS } from './example-offers';

export const HERO_SLIDE_COUNT = 5;

const e = alias(envolvements, 'e');
const u = alias(users, 'u');

type Row = {
  id: string;
  title: string;
  preview_text: string;
  price_cents: number;
  currency: string;
  img_url: string;
  category: Category | null;
  current_count: number;
  creator: string;
};

/**
 * The most joined envolvements that anyone can join now (published, not ended), most members
 * first and the newest among equals: what the home page shows as real examples.
 */
export async function readMostJoined(limit: number = HERO_SLIDE_COUNT): Promise<HeroSlide[]> {
  const found = await rows<Row>(sql`
    select e.id, e.title, e.preview_text, e.price_cents, e.currency, e.img_url,
      e.categories[1] as category, e.current_count, ${publicNameSql(u)} as creator
    from ${envolvements} e join ${users} u on u.id = e.creator_id
    where ${isPublishedSql(e)} and not ${hasEndedSql(e)} and u.deleted_at is null
    order by e.current_count desc, e.created_at desc, e.id desc
    limit ${limit}`);
  return found.map((row) => ({
    href: `/envolvement/${row.id}`,
    title: row.title,
    preview: row.preview_text,
    priceCents: row.price_cents,
    currency: row.currency,
    cover: row.img_url,
    category: row.category,
    creator: row.creator,
    members: row.current_count,
    example: false,
  }));
}

/** The demo's samples, for a site where nothing is published yet: marked as examples. */
export function exampleSlides(currency: string): HeroSlide[] {
  return EXAMPLE_OFFERS.map((offer) => ({
    href: '/create',
    title: offer.title,
    preview: offer.preview,
    priceCents: Math.round(offer.price * 100),
    currency,
    cover: offer.cover,
    category: null,
    creator: `@${offer.creator}`,
    members: null,
    example: true,
  }));
}

/**
 * The home page's slides: the most joined envolvements, or the examples when there are none.
 * Kept in the shared cache with the public lists, so a miss of the home page reads no table;
 * a publication or removal refreshes it, and member counts are at most a minute old.
 */
export const heroSlides = cachedRead(
  async (currency: string): Promise<HeroSlide[]> => {
    const real = await readMostJoined();
    return real.length > 0 ? real : exampleSlides(currency);
  },
  'home-hero-slides',
  [CACHE_TAGS.lists],
);
