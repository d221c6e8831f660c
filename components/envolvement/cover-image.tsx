import { cn } from '@/components/ui/cn';
import { Picture } from '@/components/ui/picture';
import type { Category } from '@/lib/domain/categories';
import type { OfferFace } from '@/lib/envolvements/types';

// Each category's own colours, so an offer without a picture still looks like part of the brand.
const PLACEHOLDERS: Record<Category, string> = {
  Gaming: 'from-brand-700 to-fuchsia-500',
  Interactive: 'from-brand-600 to-sky-500',
  Livestreamed: 'from-rose-600 to-brand-500',
  Video: 'from-indigo-700 to-brand-400',
  Other: 'from-slate-700 to-brand-500',
  Art: 'from-fuchsia-600 to-amber-400',
  Tutorials: 'from-teal-600 to-brand-500',
  Travel: 'from-sky-600 to-emerald-400',
  Music: 'from-brand-800 to-pink-500',
  'Q&A': 'from-amber-500 to-brand-600',
  Education: 'from-emerald-600 to-brand-600',
};

type CoverImageProps = {
  src: string;
  /** Picks the placeholder's colours and names it when there is no picture. */
  category?: Category;
  className?: string;
  /** How wide the cover is drawn at each viewport width, so the browser picks a fitting size. */
  sizes?: string;
  /** The page's largest picture: loaded first, not lazily. */
  priority?: boolean;
  /**
   * The cover's width in CSS pixels where it does not change with the viewport (a card in a
   * category row): the browser then chooses between that width and twice it, instead of
   * among every width the optimizer makes.
   */
  width?: number;
};

/** A card in Explore's grid: one column on phones, up to four on wide screens. */
export const CARD_SIZES = '(min-width: 1536px) 25vw, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw';

/** The cover image, or a branded placeholder in the colours of the offer's category. */
export function CoverImage({ src, category, className, sizes = CARD_SIZES, priority = false, width }: CoverImageProps) {
  if (!src) {
    return (
      <div
        className={cn(
          'flex items-center justify-center bg-gradient-to-br text-white',
          PLACEHOLDERS[category ?? 'Other'],
          className,
        )}
        data-testid="cover-placeholder"
      >
        <span className="rounded-full bg-white/15 px-4 py-1.5 text-sm font-semibold tracking-wide backdrop-blur-sm">
          {category ?? 'Envolve'}
        </span>
      </div>
    );
  }
  return (
    <div className={cn('relative overflow-hidden', className)}>
      <Picture
        src={src}
        alt=""
        priority={priority}
        {...(width
          ? { width, height: width / 2, className: 'size-full object-cover' }
          : { fill: true, sizes, className: 'object-cover' })}
      />
    </div>
  );
}

type OfferCoverProps = Omit<CoverImageProps, 'src' | 'category'> & { offer: Pick<OfferFace, 'imgUrl' | 'categories'> };

/** An offer's cover: its picture, or the placeholder of its first category. */
export function OfferCover({ offer, ...cover }: OfferCoverProps) {
  return <CoverImage src={offer.imgUrl} category={offer.categories[0]} {...cover} />;
}
