'use client';

import dynamic from 'next/dynamic';

// The forms only a creator or a member uses on an envolvement's page, each loaded when it
// is shown: a visitor's first load carries neither their code nor the schemas they check with.
// (The split happens here, in a client module: a server component's import would put them
// in the page's own chunk.)

export const EditEnvolvement = dynamic(() => import('./edit-envolvement').then((m) => m.EditEnvolvement));

export const PostUpdateForm = dynamic(() => import('./post-update-form').then((m) => m.PostUpdateForm));

export const SubmissionForm = dynamic(() =>
  import('@/components/submissions/submission-form').then((m) => m.SubmissionForm),
);
