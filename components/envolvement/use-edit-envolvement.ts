'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { api, messageOf } from '@/lib/api-client';
import type { Category } from '@/lib/domain/categories';
import type { EnvolvementDto } from '@/lib/envolvements/types';
import { editEnvolvementSchema } from '@/lib/validation/envolvement';
import { MESSAGES } from '@/lib/validation/envolvement-limits';
import { checkWith } from '@/lib/validation/check';
import type { FieldErrors } from '@/lib/validation/field-errors';
import { fromDateInput, toDateInput } from './dates';
import { useReportError } from './error-banner';

export function initialEditForm(e: EnvolvementDto) {
  return {
    title: e.title,
    previewText: e.previewText,
    description: e.description,
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

/** The edit dialog's state and its save: checked with the handler's schema, then sent. */
export function useEditEnvolvement(envolvement: EnvolvementDto) {
  const router = useRouter();
  const report = useReportError();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState(() => initialEditForm(envolvement));
  const [fields, setFields] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const set: SetEditField = (key, value) => setForm((f) => ({ ...f, [key]: value }));
  const opening = form.submissionsActive && !envolvement.submissions.submissionsActive;

  async function save() {
    // Opening submissions goes first, with the chosen types, as the spec says.
    if (opening) {
      const opened = await api(`/api/user_submissions/open-submissions/${envolvement._id}`, { json: form.content })
        .then(() => true)
        .catch(() => false);
      if (!opened) return report('Failed to open submissions.');
    }
    await api(`/api/post/${envolvement._id}`, { method: 'PUT', json: toEditBody(form), fallback: FAILED });
    report(null);
    setOpen(false);
    router.refresh();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkWith(editEnvolvementSchema, toEditBody(form));
    setFields(checked.ok ? {} : checked.fields);
    if (!checked.ok) return report(MESSAGES.fixErrors);
    setBusy(true);
    try {
      await save();
    } catch (error) {
      setFields((error as { fields?: FieldErrors }).fields ?? {});
      report(messageOf(error, FAILED));
    } finally {
      setBusy(false);
    }
  }

  function reopen(next: boolean) {
    setOpen(next);
    if (next) setForm(initialEditForm(envolvement));
  }

  return { open, setOpen: reopen, form, set, fields, busy, opening, submit };
}
