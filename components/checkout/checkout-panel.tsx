import type { ReactNode } from 'react';

export function CheckoutNotice({
  title,
  message,
  children,
}: {
  title: string;
  message?: string;
  children?: ReactNode;
}) {
  return (
    <div className="rounded-xl bg-slate-50 p-6 text-center" data-testid="checkout-notice">
      <h2 className="text-xl font-bold text-ink">{title}</h2>
      {message && <p className="mt-2 text-slate-600">{message}</p>}
      {children}
    </div>
  );
}
