'use client';

import type { ReactNode, Ref } from 'react';
import { Button } from './button';

type LoadMoreProps = {
  /** Whether there is a next page to ask for. */
  more: boolean;
  loading: boolean;
  error: string | null;
  onLoad: () => void;
  /** Watched by a list that also loads as the visitor scrolls near its end. */
  ref?: Ref<HTMLDivElement>;
  children?: ReactNode;
};

/** The foot of a paged list: what went wrong, and the 'Load more' button while there is more. */
export function LoadMore({ more, loading, error, onLoad, ref, children }: LoadMoreProps) {
  return (
    <div ref={ref} className="mt-8 flex flex-col items-center gap-2">
      {children}
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      {more && (
        <Button variant="secondary" onClick={onLoad} disabled={loading}>
          {loading ? 'Loading...' : 'Load more'}
        </Button>
      )}
    </div>
  );
}
