'use client';

import dynamic from 'next/dynamic';

// The forms and tools only a creator or a member uses on an envolvement's page, each loaded
// when it is shown: a visitor's first load carries neither their code nor the schemas they
// check with. The server still draws them, so they take their place without a shift.
// (The split happens here, in a client module: a server component's import would put them
// in the page's own chunk.)

export const EditEnvolvement = dynamic(() => import('./edit-envolvement').then((m) => m.EditEnvolvement));

export const PostUpdateForm = dynamic(() => import('./post-update-form').then((m) => m.PostUpdateForm));

export const SubmissionForm = dynamic(() =>
  import('@/components/submissions/submission-form').then((m) => m.SubmissionForm),
);

export const DeleteEnvolvement = dynamic(() => import('./delete-envolvement').then((m) => m.DeleteEnvolvement));

export const PublishToggle = dynamic(() => import('./publish-toggle').then((m) => m.PublishToggle));

export const MembersList = dynamic(() => import('./members-list').then((m) => m.MembersList));

export const CreatorSubmissions = dynamic(() =>
  import('@/components/submissions/creator-submissions').then((m) => m.CreatorSubmissions),
);
