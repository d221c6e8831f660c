import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { SiteShell } from '@/components/layout/site-shell';
import { siteLinks } from '@/lib/marketing/site-links';
import { siteUrl } from '@/lib/site';
import './globals.css';

export const metadata: Metadata = {
  metadataBase: new URL(siteUrl()),
  title: { default: 'Envolve: engage your audience', template: '%s | Envolve' },
  description:
    'Monetize your audience through unique interactive opportunities: commissions, crowdfunding and participation spots.',
  openGraph: { siteName: 'Envolve', type: 'website' },
};

export const viewport: Viewport = { themeColor: '#6128ee' };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <SiteShell socialLinks={siteLinks().site}>{children}</SiteShell>
      </body>
    </html>
  );
}
