'use client';

import dynamic from 'next/dynamic';

// An update's comments load with their own code, after the page: a visitor's first load,
// and the page's, carry neither the list nor its forms. (Split here, in a client module:
// a server component's import would put them in the page's own chunk.)
export const UpdateComments = dynamic(() => import('./update-comments').then((m) => m.UpdateComments), {
  loading: () => <p className="mt-4 border-t border-slate-100 pt-4 text-sm text-slate-500">Loading comments...</p>,
});
