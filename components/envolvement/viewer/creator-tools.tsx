'use client';

import { usePagePart } from '@/components/layout/viewer-context';
import { DeleteEnvolvement, EditEnvolvement, PublishToggle } from '../lazy-tools';

/** Publish, Edit and Delete, for the envolvement's creator once the server says it is them. */
export function CreatorTools({ currency }: { currency: string }) {
  const part = usePagePart('envolvement');
  if (part === 'loading' || !part?.creatorTools || !part.editable) return null;
  const { editable, creatorTools } = part;
  return (
    <div className="flex flex-wrap gap-2">
      <PublishToggle envolvementId={editable._id} active={editable.active} />
      <EditEnvolvement envolvement={editable} />
      <DeleteEnvolvement envolvementId={editable._id} currency={currency} impact={creatorTools} />
    </div>
  );
}
