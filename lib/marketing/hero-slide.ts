import type { Category } from '@/lib/domain/categories';

/** One slide of the home page's carousel (./hero.ts picks them). Pure: the browser reads it. */
export type HeroSlide = {
  /** Where the slide leads: the envolvement's page, or, for an example, to making one. */
  href: string;
  title: string;
  preview: string;
  priceCents: number;
  currency: string;
  /** The cover's address; empty for none (the category's colours stand in). */
  cover: string;
  category: Category | null;
  creator: string;
  /** How many joined; null for an example. */
  members: number | null;
  /** An example of what could be offered, not an envolvement anyone can join. */
  example: boolean;
};
