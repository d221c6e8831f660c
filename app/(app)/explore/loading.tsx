import { ExploreResultsSkeleton } from '@/components/explore/explore-results';

export default function ExploreLoading() {
  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-8 sm:px-6">
      <div className="h-9 w-96 max-w-full animate-pulse rounded bg-slate-200" />
      <ExploreResultsSkeleton filtered={false} />
    </div>
  );
}
