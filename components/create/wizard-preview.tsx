'use client';

import * as Tabs from '@radix-ui/react-tabs';
import { CategoryChips } from '@/components/envolvement/category-chips';
import { CoverImage } from '@/components/envolvement/cover-image';
import { formatPrice } from '@/lib/envolvements/rules';
import type { WizardState } from '@/lib/envolvements/wizard';

const TRIGGER =
  'rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow-sm';

export function WizardPreview({ state }: { state: WizardState }) {
  const title = state.title.trim() || 'Your Title';
  const preview = state.previewText.trim() || 'Your preview text will appear here.';
  const description = state.description.trim() || 'Your detailed description will appear here.';
  const image = state.imgUrl || '/demo/other.svg';
  return (
    <Tabs.Root defaultValue="thumbnail" className="rounded-2xl border border-slate-200 bg-slate-50 p-4">
      <Tabs.List aria-label="Preview" className="inline-flex gap-1 rounded-lg bg-slate-200 p-1">
        <Tabs.Trigger value="thumbnail" className={TRIGGER}>
          Thumbnail
        </Tabs.Trigger>
        <Tabs.Trigger value="detail" className={TRIGGER}>
          Detail View
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="thumbnail" className="pt-4">
        <div className="max-w-xs overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
          <div className="relative">
            <CoverImage src={image} className="h-40 w-full" />
            <span className="absolute top-3 right-3 rounded-full bg-white/95 px-3 py-1 text-sm font-bold text-brand-700 shadow">
              {formatPrice(Math.round(state.price * 100))}
            </span>
          </div>
          <div className="space-y-1 p-4">
            <h3 className="font-semibold text-ink">{title}</h3>
            <p className="text-sm text-slate-600">{preview}</p>
          </div>
        </div>
      </Tabs.Content>
      <Tabs.Content value="detail" className="space-y-3 pt-4">
        <CoverImage src={image} className="h-56 w-full rounded-xl" />
        <h3 className="text-2xl font-bold text-ink">{title}</h3>
        {state.categories.length > 0 && <CategoryChips categories={state.categories} />}
        <p className="text-slate-700">{description}</p>
      </Tabs.Content>
    </Tabs.Root>
  );
}
