'use client';

import { useState, type FormEvent } from 'react';
import { useApiAction } from '@/components/forms/use-api-action';
import { usePageRefresh } from '@/components/layout/viewer-context';
import { api } from '@/lib/api-client';
import { LINKS_MAX } from '@/lib/domain/accounts';
import { checkWith } from '@/lib/validation/check';
import { profileSettingsSchema, type ProfileSettings } from '@/lib/validation/profile';

type ProfileFormValues = { name: string; handle: string; bio: string; links: string[] };

const SAVED = 'Your profile is saved.';

const valuesOf = (settings: ProfileSettings): ProfileFormValues => ({
  name: settings.name,
  handle: settings.handle,
  bio: settings.bio ?? '',
  // One empty row invites the first link.
  links: settings.links.length ? settings.links : [''],
});

// Empty rows are the form's own: what is sent is the links written in them.
const toInput = (values: ProfileFormValues) => ({
  ...values,
  links: values.links.map((l) => l.trim()).filter(Boolean),
});

/**
 * The profile settings form's state: its values, the link rows (added and removed up to
 * LINKS_MAX), and the save, checked with the handler's schema first. A field the person
 * changes drops its own error.
 */
export function useProfileForm(initial: ProfileSettings) {
  const refresh = usePageRefresh();
  const [values, setValues] = useState(() => valuesOf(initial));
  const action = useApiAction({ message: 'Could not save your profile. Please try again.' });

  const change = (update: Partial<ProfileFormValues>, drops: (field: string) => boolean) => {
    setValues((v) => ({ ...v, ...update }));
    action.setFields((fields) => Object.fromEntries(Object.entries(fields).filter(([field]) => !drops(field))));
  };
  const setText = (name: 'name' | 'handle' | 'bio') => (value: string) =>
    change({ [name]: value }, (field) => field === name);
  const setLink = (index: number, value: string) =>
    change({ links: values.links.map((link, i) => (i === index ? value : link)) }, (field) =>
      ['links', `links.${index}`].includes(field),
    );
  const addLink = () => {
    if (values.links.length < LINKS_MAX) setValues((v) => ({ ...v, links: [...v.links, ''] }));
  };
  // Removing a row moves the rows below it up: their errors would name the wrong rows.
  const removeLink = (index: number) =>
    change({ links: values.links.filter((_, i) => i !== index) }, (field) => field.startsWith('links'));

  const save = (event: FormEvent) =>
    action.submit(event, {
      check: () => checkWith(profileSettingsSchema, toInput(values)),
      async send(input) {
        const saved = await api<ProfileSettings>('/api/account/profile', {
          method: 'PATCH',
          json: input,
          fallback: 'Could not save your profile. Please try again.',
        });
        setValues(valuesOf(saved));
        // The page's other parts (the handle notice, the picture's initial) read the saved profile,
        // and the top bar its name, which comes with the viewer (GET /api/me).
        refresh();
      },
    });

  return {
    values,
    setText,
    setLink,
    addLink,
    removeLink,
    fields: action.fields,
    // A field's own message says it all; the others (429, no network) show under the form.
    status: Object.keys(action.fields).length ? null : action.status(SAVED),
    busy: action.busy,
    save,
  };
}
