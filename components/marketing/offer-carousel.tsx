'use client';

import { cn } from '@/components/ui/cn';
import { formatMoney } from '@/lib/domain/money';
import { CAROUSEL_INTERVAL_MS, DEMO_OFFERS } from '@/lib/marketing/example-offers';
import { useCarousel } from './use-carousel';

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

function Slide({
  offer,
  position,
  active,
  currency,
}: {
  offer: (typeof DEMO_OFFERS)[number];
  position: number;
  active: boolean;
  currency: string;
}) {
  return (
    <article
      aria-roledescription="slide"
      aria-label={`${position} of ${DEMO_OFFERS.length}`}
      aria-hidden={!active}
      data-testid="carousel-slide"
      data-active={active}
      className="w-full shrink-0 bg-white"
    >
      <div className="relative h-40 bg-cover bg-center" style={{ backgroundImage: `url(${offer.cover})` }}>
        <span className="absolute top-3 right-3 rounded-full bg-white/95 px-3 py-1 text-sm font-bold text-brand-700 shadow">
          {formatMoney(Math.round(offer.price * 100), currency)}
        </span>
      </div>
      <div className="space-y-1 p-5">
        <p className="font-semibold text-ink">{offer.title}</p>
        <p className="text-sm text-slate-600">{offer.preview}</p>
        <p className="pt-2 text-xs font-medium text-slate-500">by @{offer.creator}</p>
      </div>
    </article>
  );
}

/**
 * The landing page's sample offers, priced in the site's currency: advances every 5 s and
 * wraps; the dots jump, the button pauses, and it stands still for visitors who ask for
 * reduced motion.
 */
export function OfferCarousel({ currency }: { currency: string }) {
  const carousel = useCarousel(DEMO_OFFERS.length, CAROUSEL_INTERVAL_MS);

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Sample envolvements"
      className="w-full max-w-sm min-w-0"
      {...carousel.focusProps}
    >
      <div className="overflow-hidden rounded-2xl shadow-xl ring-1 ring-black/5" {...carousel.hoverProps}>
        <div
          aria-live={carousel.moving ? 'off' : 'polite'}
          className="flex transition-transform duration-500 ease-out motion-reduce:transition-none"
          style={{ transform: `translateX(-${carousel.index * 100}%)` }}
        >
          {DEMO_OFFERS.map((offer, i) => (
            <Slide key={offer.title} offer={offer} position={i + 1} active={i === carousel.index} currency={currency} />
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
        {DEMO_OFFERS.map((offer, i) => (
          <button
            key={offer.title}
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
