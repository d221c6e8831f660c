'use client';

import { CategoryChips } from '@/components/envolvement/category-chips';
import { OfferCardFace } from '@/components/envolvement/offer-card';
import { ImageIcon } from '@/components/envolvement/offer-icons';
import { cn } from '@/components/ui/cn';
import { Tabs } from '@/components/ui/tabs';
import { formatPrice } from '@/lib/domain/money';
import { spotsLabel } from '@/lib/envolvements/rules';
import { toPreviewOffer, type WizardState } from '@/lib/envolvements/wizard';

/** The cover, or the placeholder image shown until one is uploaded. */
function PreviewImage({ src, className }: { src: string; className: string }) {
  if (src) {
    // eslint-disable-next-line @next/next/no-img-element
    return <img src={src} alt="" className={cn('object-cover', className)} />;
  }
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center gap-2 bg-gradient-to-br from-brand-100 to-slate-200 text-brand-700/70',
        className,
      )}
      data-testid="preview-placeholder-image"
    >
      <ImageIcon width={36} height={36} />
      <span className="text-xs font-medium">Your cover image</span>
    </div>
  );
}

type WizardPreviewProps = {
  state: WizardState;
  creator: { nickname: string; picture: string | null };
  /** The currency of new prices: the one this envolvement will be sold in. */
  currency: string;
};

export function WizardPreview({ state, creator, currency }: WizardPreviewProps) {
  const offer = { ...toPreviewOffer(state, creator), currency };
  return (
    <Tabs
      label="Preview"
      look="segmented"
      className="rounded-2xl border border-slate-200 bg-slate-100/70 p-4"
      data-testid="wizard-preview"
      items={[
        {
          value: 'thumbnail',
          label: 'Thumbnail',
          content: (
            <div className="w-full max-w-80 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
              <OfferCardFace offer={offer} cover={<PreviewImage src={offer.imgUrl} className="h-40 w-full" />} />
            </div>
          ),
        },
        {
          value: 'detail',
          label: 'Detail View',
          content: (
            <article className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
              <PreviewImage src={offer.imgUrl} className="h-56 w-full" />
              <div className="space-y-4 p-5">
                <h3 className="text-2xl font-bold break-words text-ink">{offer.title}</h3>
                {offer.categories.length > 0 && <CategoryChips categories={offer.categories} />}
                <dl className="grid grid-cols-2 gap-3 text-sm">
                  <div className="rounded-xl bg-slate-50 p-3">
                    <dt className="text-xs text-slate-500">Price</dt>
                    <dd className="font-semibold text-ink">{formatPrice(offer.priceCents, offer.currency)}</dd>
                  </div>
                  <div className="rounded-xl bg-slate-50 p-3">
                    <dt className="text-xs text-slate-500">Spots</dt>
                    <dd className="font-semibold text-ink">{spotsLabel(offer.quantity)}</dd>
                  </div>
                </dl>
                <p className="text-sm break-words whitespace-pre-line text-slate-700">{offer.description}</p>
              </div>
            </article>
          ),
        },
      ]}
    />
  );
}
