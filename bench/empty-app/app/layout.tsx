import type { ReactNode } from 'react';

// The least a root layout can be: no styles, no providers, no top bar.
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
