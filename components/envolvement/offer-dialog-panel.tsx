'use client';

import { useEffect, useState } from 'react';
import { useViewer } from '@/components/layout/viewer-context';
import { DialogContent } from '@/components/ui/dialog';
import { api } from '@/lib/api-client';
import type { OfferViewer } from '@/lib/envolvements/rules';
import type { EnvolvementDto } from '@/lib/envolvements/types';
import { OfferDialogBody } from './offer-dialog';

type Loaded = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; offer: EnvolvementDto };

/**
 * The dialog's body, read as it opens: the list it came from is the same for everyone and
 * served from the cache, so who is signed in comes from the browser's session, and whether
 * they joined and how many spots are left from the envolvement read now.
 */
function OfferDialogDetails({ id, viewer }: { id: string; viewer: OfferViewer }) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const live = useViewer();
  useEffect(() => {
    const controller = new AbortController();
    api<EnvolvementDto>(`/api/post/${id}`, { signal: controller.signal })
      .then((offer) => setLoaded({ status: 'ready', offer }))
      .catch(() => {
        if (!controller.signal.aborted) setLoaded({ status: 'failed' });
      });
    return () => controller.abort();
  }, [id]);
  if (loaded.status === 'failed') {
    return (
      <p role="alert" className="rounded-xl bg-red-50 p-4 text-sm text-red-700">
        This envolvement could not be loaded.{' '}
        <a href={`/envolvement/${id}`} className="font-semibold underline">
          Open its page
        </a>
        .
      </p>
    );
  }
  if (loaded.status === 'loading') {
    return (
      <div className="space-y-4" aria-busy="true">
        <p role="status" className="sr-only">
          Loading...
        </p>
        <div className="h-48 animate-pulse rounded-xl bg-slate-200 sm:h-56" />
        <div className="h-4 w-3/4 animate-pulse rounded bg-slate-100" />
        <div className="h-16 animate-pulse rounded-xl bg-slate-100" />
      </div>
    );
  }
  const viewerId = viewer.viewerId ?? (live.status === 'ready' ? (live.viewer?.id ?? null) : null);
  return (
    <OfferDialogBody
      envolvement={loaded.offer}
      description={loaded.offer.description}
      viewer={{ ...viewer, viewerId }}
      pending={viewer.viewerId === null && live.status !== 'ready'}
    />
  );
}

/** The open dialog of the offer `id`, titled as its card. Loaded with the first card a visitor points at. */
export default function OfferDialogPanel({ id, title, viewer }: { id: string; title: string; viewer: OfferViewer }) {
  return (
    <DialogContent title={title}>
      <OfferDialogDetails key={id} id={id} viewer={viewer} />
    </DialogContent>
  );
}
