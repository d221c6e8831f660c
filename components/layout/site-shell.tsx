'use client';

import type { ReactNode } from 'react';
import type { SiteLink } from '@/lib/marketing/site-links';
import { AppFrame } from './app-frame';
import { Footer } from './footer';
import { TopBar } from './top-bar';
import { ViewerProvider } from './viewer-context';

/**
 * Every page's frame: the top bar, the side menu, the account notice and the footer around
 * the page; `socialLinks` are the site's accounts from SITE_LINKS. A client component, so that a page's RSC payload (what every cache miss renders,
 * stores and sends, and every move between pages fetches) names the frame in a few bytes
 * instead of carrying its markup; the browser has its code from the first page on.
 */
export function SiteShell({ children, socialLinks = [] }: { children: ReactNode; socialLinks?: SiteLink[] }) {
  return (
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
        <Footer socialLinks={socialLinks} />
      </AppFrame>
    </ViewerProvider>
  );
}
