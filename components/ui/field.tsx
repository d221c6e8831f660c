'use client';

import { createContext, useContext, type ComponentProps, type ReactNode } from 'react';
import { cn } from './cn';

export const inputClasses =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 disabled:bg-slate-100 disabled:text-slate-500 aria-invalid:border-red-400';

type FieldProps = {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  children: ReactNode;
  className?: string;
};

type FieldControl = { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string };

// The control inside a Field takes its id, its invalid state and the note that describes it from here,
// so every form ties label, hint and error to the control the same way.
const FieldContext = createContext<FieldControl | null>(null);

/** A label, the control, and its hint or error, tied together for assistive technology. */
export function Field({ id, label, hint, error, children, className }: FieldProps) {
  const note = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  const control: FieldControl = { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': note };
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <FieldContext.Provider value={control}>{children}</FieldContext.Provider>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The id and aria attributes of the surrounding Field; props given directly win. */
function useFieldControl() {
  return useContext(FieldContext) ?? {};
}

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input {...useFieldControl()} className={cn(inputClasses, className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea {...useFieldControl()} className={cn(inputClasses, 'min-h-24', className)} {...props} />;
}
