import type { ReactNode } from 'react';

/** One card of the account settings page, with its heading (the section's accessible name). */
export function SettingsSection({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      className="scroll-mt-20 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      aria-labelledby={`${id}-heading`}
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      {intro ? <div className="mt-1 mb-6 text-sm text-slate-600">{intro}</div> : null}
      {children}
    </section>
  );
}
