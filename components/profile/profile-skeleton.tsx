import { Skeleton } from '@/components/ui/skeleton';
import { EnvolvementGridSkeleton } from './envolvement-grid';

/** The own profile while it loads: banner, name and tabs, then 6 cards. */
export function ProfileSkeleton() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6" aria-busy="true" aria-label="Loading your profile">
      <Skeleton className="h-52 w-full rounded-2xl" />
      <Skeleton className="mt-8 h-8 w-72" />
      <div className="mt-6">
        <EnvolvementGridSkeleton count={6} />
      </div>
    </div>
  );
}
