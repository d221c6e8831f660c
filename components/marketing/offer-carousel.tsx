'use client';

import Link from 'next/link';
import { CoverImage } from '@/components/envolvement/cover-image';
import { cn } from '@/components/ui/cn';
import { formatPrice } from '@/lib/domain/money';
import type { HeroSlide } from '@/lib/marketing/hero-slide';
import { useCarousel } from './use-carousel';

const CAROUSEL_INTERVAL_MS = 5000;

function PlayPauseIcon({ playing }: { playing: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" fill="currentColor" aria-hidden>
      {playing ? (
        <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" />
      ) : (
        <path d="M8 5.5v13a.5.5 0 0 0 .76.43l10.5-6.5a.5.5 0 0 0 0-.86L8.76 5.07A.5.5 0 0 0 8 5.5z" />
      )}
    </svg>
  );
}

function SlideCover({ slide, first }: { slide: HeroSlide; first: boolean }) {
  return (
    <div className="relative">
      <CoverImage
        src={slide.cover}
        category={slide.category ?? undefined}
        className="h-40 w-full"
        sizes="384px"
        priority={first}
      />
      <span className="absolute top-3 right-3 rounded-full bg-white/95 px-3 py-1 text-sm font-bold text-brand-700 shadow">
        {formatPrice(slide.priceCents, slide.currency)}
      </span>
      {slide.example && (
        <span className="absolute top-3 left-3 rounded-full bg-ink/80 px-3 py-1 text-xs font-semibold text-white">
          Example
        </span>
      )}
    </div>
  );
}

function Slide({
  slide,
  position,
  count,
  active,
}: {
  slide: HeroSlide;
  position: number;
  count: number;
  active: boolean;
}) {
  return (
    <article
      aria-roledescription="slide"
      aria-label={`${position} of ${count}`}
      aria-hidden={!active}
      data-testid="carousel-slide"
      data-active={active}
      className="w-full shrink-0 bg-white"
    >
      {/* Only the slide on show can take focus: the others are hidden from every reader. */}
      <Link
        href={slide.href}
        tabIndex={active ? undefined : -1}
        className="group block focus-visible:outline-offset-[-4px]"
      >
        <SlideCover slide={slide} first={position === 1} />
        <div className="space-y-1 p-5">
          <p
            data-testid="slide-title"
            className="line-clamp-1 font-semibold text-ink group-hover:text-brand-700 group-hover:underline"
          >
            {slide.title}
          </p>
          <p className="line-clamp-2 min-h-10 text-sm text-slate-600">{slide.preview}</p>
          <p className="flex justify-between gap-2 pt-2 text-xs font-medium text-slate-500">
            <span className="truncate">by {slide.creator}</span>
            <span className="shrink-0">
              {slide.members === null
                ? 'Publish yours'
                : `${slide.members} ${slide.members === 1 ? 'member' : 'members'}`}
            </span>
          </p>
        </div>
      </Link>
    </article>
  );
}

/**
 * The home page's envolvements (the most joined, or examples while none is published), each a
 * link to its page: advances every 5 s and wraps; the dots jump, the button pauses, and it
 * stands still for visitors who ask for reduced motion.
 */
export function OfferCarousel({ slides }: { slides: HeroSlide[] }) {
  const carousel = useCarousel(slides.length, CAROUSEL_INTERVAL_MS);
  const examples = slides.some((slide) => slide.example);

  return (
    <section
      aria-roledescription="carousel"
      aria-label={examples ? 'Example envolvements' : 'Most joined envolvements'}
      className="w-full max-w-sm min-w-0"
      {...carousel.focusProps}
    >
      <div className="overflow-hidden rounded-2xl shadow-xl ring-1 ring-black/5" {...carousel.hoverProps}>
        <div
          aria-live={carousel.moving ? 'off' : 'polite'}
          className="flex transition-transform duration-500 ease-out motion-reduce:transition-none"
          style={{ transform: `translateX(-${carousel.index * 100}%)` }}
        >
          {slides.map((slide, i) => (
            <Slide
              key={slide.href + slide.title}
              slide={slide}
              position={i + 1}
              count={slides.length}
              active={i === carousel.index}
            />
          ))}
        </div>
      </div>
      <div className="mt-3 flex items-center justify-center gap-1">
        <button
          type="button"
          data-carousel-toggle
          onClick={carousel.togglePlaying}
          aria-label={carousel.playing ? 'Pause slideshow' : 'Play slideshow'}
          className="mr-2 inline-flex h-8 w-8 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-700 hover:bg-slate-100"
        >
          <PlayPauseIcon playing={carousel.playing} />
        </button>
        {slides.map((slide, i) => (
          <button
            key={slide.href + slide.title}
            type="button"
            aria-label={`Go to slide ${i + 1}`}
            aria-current={i === carousel.index ? 'true' : undefined}
            onClick={() => carousel.goTo(i)}
            className="group inline-flex h-8 min-w-8 items-center justify-center rounded-full"
          >
            <span
              className={cn(
                'h-2.5 rounded-full transition-all motion-reduce:transition-none',
                i === carousel.index ? 'w-6 bg-brand-600' : 'w-2.5 bg-slate-400 group-hover:bg-slate-500',
              )}
            />
          </button>
        ))}
      </div>
    </section>
  );
}
