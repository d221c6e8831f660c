'use client';

import { useState, type ChangeEvent } from 'react';

/** What ties an Input or a Textarea to one of the form's values. */
export type TextControl = {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
};

/**
 * A form's text values by field name: `set(name)` is the setter of one (an uploader's
 * onChange), and `bind(name)` the value and onChange of its Input or Textarea.
 */
export function useFormValues<V extends Record<string, string>>(initial: V) {
  const [values, setValues] = useState<V>(initial);
  const set = (name: keyof V) => (value: string) => setValues((v) => ({ ...v, [name]: value }));
  const bind = (name: keyof V): TextControl => ({
    value: values[name],
    onChange: (event) => set(name)(event.target.value),
  });
  return { values, set, bind, reset: () => setValues(initial) };
}
