import { EnvolvementGridSkeleton } from '@/components/profile/envolvement-grid';
import { Skeleton } from '@/components/ui/skeleton';

export default function ProfileLoading() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <Skeleton className="h-52 w-full rounded-2xl" />
      <Skeleton className="mt-8 h-8 w-72" />
      <div className="mt-6">
        <EnvolvementGridSkeleton count={6} />
      </div>
    </div>
  );
}
