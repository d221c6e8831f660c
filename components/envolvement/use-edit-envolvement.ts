'use client';

import { usePageRefresh } from '@/components/layout/viewer-context';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useApiAction } from '@/components/forms/use-api-action';
import { api, ApiError } from '@/lib/api-client';
import type { Category } from '@/lib/domain/categories';
import type { Selling } from '@/lib/domain/selling';
import type { EnvolvementDto } from '@/lib/envolvements/types';
import { editEnvolvementSchema } from '@/lib/validation/envolvement';
import { MESSAGES } from '@/lib/validation/envolvement-limits';
import { checkWith } from '@/lib/validation/check';
import { fromDateInput, toDateInput } from './dates';
import { useReportError } from './error-banner';

export function initialEditForm(e: EnvolvementDto) {
  return {
    title: e.title,
    previewText: e.previewText,
    description: e.description,
    // Only its creator and members are sent it; the edit form starts from the creator's copy.
    welcomeMessage: e.welcomeMessage ?? '',
    imgUrl: e.imgUrl,
    price: e.price.free ? '' : String(e.price.price),
    quantity: e.quantity.unlimited ? '' : String(e.quantity.quantity),
    categories: e.categories as Category[],
    endDate: toDateInput(e.endDate.endDate),
    targetDate: toDateInput(e.targetEnvolvmentDate),
    active: e.active,
    submissionsActive: e.submissions.submissionsActive,
    content: e.submissions.submissionContent,
  };
}

export type EditForm = ReturnType<typeof initialEditForm>;
export type SetEditField = <K extends keyof EditForm>(key: K, value: EditForm[K]) => void;

/** The PUT body of the spec. Empty price, quantity or end date mean free, unlimited, none. */
export function toEditBody(form: EditForm) {
  const price = form.price.trim();
  const quantity = form.quantity.trim();
  return {
    title: form.title,
    previewText: form.previewText,
    description: form.description,
    welcomeMessage: form.welcomeMessage,
    imgUrl: form.imgUrl,
    price: price === '' ? { price: null, free: true } : { price: Number(price), free: Number(price) === 0 },
    quantity: quantity === '' ? { quantity: null, unlimited: true } : { quantity: Number(quantity), unlimited: false },
    categories: form.categories,
    endDate: form.endDate ? { endDate: fromDateInput(form.endDate), none: false } : { endDate: null, none: true },
    targetEnvolvmentDate: fromDateInput(form.targetDate),
    active: form.active,
    isActive: form.active,
    submissions: { submissionsActive: form.submissionsActive, submissionContent: form.content },
  };
}

const FAILED = 'Failed to update envolvement';

/** Opening submissions goes first, with the chosen types, as the spec says. */
async function openSubmissions(id: string, content: EditForm['content']): Promise<void> {
  await api(`/api/user_submissions/open-submissions/${id}`, { json: content }).catch((failure: unknown) => {
    throw new ApiError(failure instanceof ApiError ? failure.status : 0, 'Failed to open submissions.');
  });
}

/** Whether the creator may set a price, and in which currency, asked once the dialog first opens. */
function useSelling(open: boolean): Selling | null {
  const [selling, setSelling] = useState<Selling | null>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (!open || asked.current) return;
    asked.current = true;
    // Unknown on failure: the form offers the price and the server decides.
    api<Selling>('/api/payouts').then(setSelling, () => undefined);
  }, [open]);
  return selling;
}

/** The edit dialog's state and its save: checked with the handler's schema, then sent. */
export function useEditEnvolvement(envolvement: EnvolvementDto) {
  const refresh = usePageRefresh();
  const report = useReportError();
  const action = useApiAction({ message: FAILED, report });
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState(() => initialEditForm(envolvement));
  const set: SetEditField = (key, value) => setForm((f) => ({ ...f, [key]: value }));
  const opening = form.submissionsActive && !envolvement.submissions.submissionsActive;
  const selling = useSelling(open);
  // A changed price is stored in the site's currency (Selling.currency), as the server
  // says it; until that is known, the price's own currency is the best guess.
  const currency = selling?.currency ?? envolvement.currency;

  async function submit(event: FormEvent) {
    const outcome = await action.submit(event, {
      check: () => checkWith(editEnvolvementSchema(currency), toEditBody(form)),
      async send() {
        if (opening) await openSubmissions(envolvement._id, form.content);
        await api(`/api/post/${envolvement._id}`, { method: 'PUT', json: toEditBody(form), fallback: FAILED });
        setOpen(false);
        refresh();
      },
    });
    if (outcome === 'invalid') report(MESSAGES.fixErrors);
  }

  function reopen(next: boolean) {
    setOpen(next);
    if (next) setForm(initialEditForm(envolvement));
  }

  return {
    open,
    setOpen: reopen,
    form,
    set,
    fields: action.fields,
    busy: action.busy,
    opening,
    submit,
    selling,
    currency,
  };
}
