'use client';

import { useState, type FormEvent } from 'react';
import { useApiAction } from '@/components/forms/use-api-action';
import { Button } from '@/components/ui/button';
import { StatusMessage } from '@/components/ui/status-message';
import { api } from '@/lib/api-client';
import { EMAIL_TOPIC_LABELS, EMAIL_TOPICS } from '@/lib/domain/notifications';
import type { EmailPreferences } from '@/lib/validation/notifications';

function useEmailPreferences(initial: EmailPreferences) {
  const [values, setValues] = useState(initial);
  const { status, busy, submit } = useApiAction({ message: 'Could not save your e-mail settings. Please try again.' });

  const save = (event: FormEvent) =>
    submit(event, {
      send: async () =>
        setValues(await api<EmailPreferences>('/api/notifications/preferences', { method: 'PUT', json: values })),
    });

  return { values, setValues, status: status('Your e-mail settings are saved.'), busy, save };
}

/** The Account page's 'E-mail notifications': one switch per topic, saved together. */
export function EmailPreferencesForm({ initial }: { initial: EmailPreferences }) {
  const { values, setValues, status, busy, save } = useEmailPreferences(initial);
  return (
    <form onSubmit={save} className="space-y-4" data-testid="email-preferences">
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">E-mail me about:</legend>
        <div className="mt-3 space-y-2">
          {EMAIL_TOPICS.map((topic) => (
            <label key={topic} className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                name={topic}
                checked={values[topic]}
                onChange={(e) => setValues((v) => ({ ...v, [topic]: e.target.checked }))}
                className="h-4 w-4 accent-brand-600"
              />
              {EMAIL_TOPIC_LABELS[topic]}
            </label>
          ))}
        </div>
      </fieldset>
      <StatusMessage status={status} />
      <Button type="submit" disabled={busy}>
        {busy ? 'Saving...' : 'Save e-mail settings'}
      </Button>
    </form>
  );
}
