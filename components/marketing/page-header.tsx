import type { ReactNode } from 'react';

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="bg-gradient-to-br from-brand-50 via-white to-pink-50 px-6 py-14 text-center">
      <h1 className="text-4xl font-extrabold tracking-tight text-ink">{title}</h1>
      {children && <div className="mx-auto mt-4 max-w-2xl text-lg text-slate-600">{children}</div>}
    </header>
  );
}
