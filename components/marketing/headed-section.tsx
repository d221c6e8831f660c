import type { ReactNode } from 'react';

/** A section of a marketing page under a centred heading that names it (aria-labelledby). */
export function HeadedSection({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="text-center text-3xl font-bold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}
