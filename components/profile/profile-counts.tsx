import { countLabels, type ProfileCounts as Counts } from '@/lib/domain/profile-counts';

/** How many people joined the creator's envolvements, and how many of those are published. */
export function ProfileCounts({ counts }: { counts: Counts }) {
  const labels = countLabels(counts);
  return (
    <p data-testid="profile-counts" className="text-sm text-slate-600">
      <span className="font-semibold text-ink">{labels.members}</span>
      <span aria-hidden> · </span>
      <span className="font-semibold text-ink">{labels.envolvements}</span>
    </p>
  );
}
