'use client';

import { useEffect, useState } from 'react';
import { cn } from '@/components/ui/cn';
import { CAROUSEL_INTERVAL_MS, DEMO_OFFERS } from './demo-offers';

/** The landing page's sample offers: advances every 5 s, wraps, and the dots jump. */
export function OfferCarousel() {
  const [index, setIndex] = useState(0);

  // Restart the timer after every change, so a dot click gets its full 5 s.
  useEffect(() => {
    const timer = setTimeout(() => setIndex((i) => (i + 1) % DEMO_OFFERS.length), CAROUSEL_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [index]);

  return (
    <section aria-roledescription="carousel" aria-label="Sample envolvements" className="w-full max-w-sm">
      <div className="overflow-hidden rounded-2xl shadow-xl ring-1 ring-black/5">
        <div
          className="flex transition-transform duration-500 ease-out"
          style={{ transform: `translateX(-${index * 100}%)` }}
        >
          {DEMO_OFFERS.map((offer, i) => (
            <article
              key={offer.title}
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${DEMO_OFFERS.length}`}
              aria-hidden={i !== index}
              data-testid="carousel-slide"
              data-active={i === index}
              className="w-full shrink-0 bg-white"
            >
              <div className="relative h-40 bg-cover bg-center" style={{ backgroundImage: `url(${offer.cover})` }}>
                <span className="absolute top-3 right-3 rounded-full bg-white/95 px-3 py-1 text-sm font-bold text-brand-700 shadow">
                  ${offer.price.toFixed(2)}
                </span>
              </div>
              <div className="space-y-1 p-5">
                <h3 className="font-semibold text-ink">{offer.title}</h3>
                <p className="text-sm text-slate-600">{offer.preview}</p>
                <p className="pt-2 text-xs font-medium text-slate-500">by @{offer.creator}</p>
              </div>
            </article>
          ))}
        </div>
      </div>
      <div className="mt-4 flex justify-center gap-2">
        {DEMO_OFFERS.map((offer, i) => (
          <button
            key={offer.title}
            type="button"
            aria-label={`Go to slide ${i + 1}`}
            aria-current={i === index ? 'true' : undefined}
            onClick={() => setIndex(i)}
            className={cn(
              'h-2.5 rounded-full transition-all',
              i === index ? 'w-6 bg-brand-600' : 'w-2.5 bg-slate-300 hover:bg-slate-400',
            )}
          />
        ))}
      </div>
    </section>
  );
}
