'use client';

import dynamic from 'next/dynamic';
import { Button } from '@/components/ui/button';

// 'Tell me when a spot opens' shows only on a sold-out offer, to a signed-in viewer who may
// wait: loaded when it is shown, so every other first load carries none of it. (The split
// happens here, in a client module: a server component's import would put it in the page's
// own chunk.) Its loading state is its own Suspense boundary: without one, the load would
// suspend the nearest one above, which in the offer dialog is the dialog itself.
export const LazySpotWaitlist = dynamic(() => import('./spot-waitlist').then((m) => m.SpotWaitlist), {
  loading: () => (
    <Button className="w-full" disabled>
      Checking…
    </Button>
  ),
});
