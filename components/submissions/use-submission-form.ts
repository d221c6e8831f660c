'use client';

import { usePageRefresh } from '@/components/layout/viewer-context';
import type { FormEvent } from 'react';
import { useApiAction } from '@/components/forms/use-api-action';
import { useFormValues } from '@/components/forms/use-form-values';
import { api } from '@/lib/api-client';
import { checkSubmission, type SubmissionTypes } from '@/lib/validation/submissions';

export type SubmissionValues = { description: string; url: string; picture: string };

const FAILED = 'An error occurred while uploading your submission.';

/** Only the allowed fields are sent; an empty picture is left out. */
function toBody(values: SubmissionValues, allowed: SubmissionTypes) {
  return {
    ...(allowed.description ? { description: values.description } : {}),
    ...(allowed.url ? { url: values.url } : {}),
    ...(allowed.picture && values.picture ? { picture: values.picture } : {}),
  };
}

/** The submission form's values and its send: checked with the server's rules first. */
export function useSubmissionForm(envolvementId: string, allowed: SubmissionTypes, initial: SubmissionValues | null) {
  const refresh = usePageRefresh();
  const { values, set, bind } = useFormValues<SubmissionValues>({
    description: initial?.description ?? '',
    url: initial?.url ?? '',
    picture: initial?.picture ?? '',
  });
  const action = useApiAction({ message: () => FAILED });

  async function submit(event: FormEvent) {
    const body = toBody(values, allowed);
    const outcome = await action.submit(event, {
      check() {
        const fields = checkSubmission(body, allowed);
        return Object.keys(fields).length ? { ok: false, fields, error: FAILED } : { ok: true, data: body };
      },
      send: (data) => api(`/api/user_submissions/post-user-submission/${envolvementId}`, { json: data }),
    });
    if (outcome === 'sent') refresh();
  }

  const message = action.status('Submission uploaded successfully!');
  return { values, set, bind, fields: action.fields, message, busy: action.busy, submit };
}
