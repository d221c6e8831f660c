import { cn } from '@/components/ui/cn';
import type { Category } from '@/lib/domain/categories';

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
};

/** The cover image, or a branded placeholder in the colours of the offer's category. */
export function CoverImage({ src, category, className }: CoverImageProps) {
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
  // eslint-disable-next-line @next/next/no-img-element
  return <img src={src} alt="" className={cn('object-cover', className)} />;
}
