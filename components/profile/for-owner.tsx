'use client';

import type { ReactNode } from 'react';
import { usePagePart } from '@/components/layout/viewer-context';

/**
 * What a public profile shows its owner only (the banner editor, the way to their settings),
 * once the server has said the viewer is them: the page itself is the same for everyone.
 */
export function ForOwner({ children }: { children: ReactNode }) {
  const part = usePagePart('profile');
  return part !== 'loading' && part?.isOwner ? children : null;
}
