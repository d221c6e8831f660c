import Link from 'next/link';
import { buttonClasses } from '@/components/ui/button';
import { REMOVED_MESSAGE } from '@/lib/envolvements/rules';
import { CategoryChips } from './category-chips';

type LockPanelProps = { envolvementId: string; categories: string[]; removed?: boolean };

export function LockPanel({ envolvementId, categories, removed = false }: LockPanelProps) {
  return (
    <div
      className="flex flex-col items-center rounded-2xl border border-slate-200 bg-white p-10 text-center shadow-sm"
      data-testid="lock-panel"
    >
      <svg
        viewBox="0 0 24 24"
        width="40"
        height="40"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        className="text-brand-600"
        aria-hidden
      >
        <rect x="4" y="11" width="16" height="10" rx="2" />
        <path d="M8 11V7a4 4 0 0 1 8 0v4" />
      </svg>
      <h2 className="mt-3 text-lg font-bold text-ink">{removed ? 'Access Ended' : 'Purchase Required'}</h2>
      <p className="mt-1 text-sm text-slate-600">
        {removed ? REMOVED_MESSAGE : 'Please purchase access to view the full content'}
      </p>
      <div className="mt-4">
        <CategoryChips categories={categories} />
      </div>
      {!removed && (
        <Link href={`/payment/${envolvementId}`} className={buttonClasses('primary', 'md', 'mt-6')}>
          Purchase Access
        </Link>
      )}
    </div>
  );
}
