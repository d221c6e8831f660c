import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { AppFrame } from '@/components/layout/app-frame';
import { Footer } from '@/components/layout/footer';
import { TopBar } from '@/components/layout/top-bar';
import { ViewerProvider } from '@/components/layout/viewer-context';
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
        <ViewerProvider>
          <a
            href="#main"
            className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
          >
            Skip to content
          </a>
          <TopBar />
          <AppFrame>
            <main id="main" className="min-h-[calc(100vh-4rem)] flex-1">
              {children}
            </main>
            <Footer />
          </AppFrame>
        </ViewerProvider>
      </body>
    </html>
  );
}
