import type { EnvolvementDto } from '@/lib/envolvements/types';

export type SubmissionsTabProps = {
  envolvement: EnvolvementDto;
  viewerId: string | null;
  hasAccess: boolean;
};

// The detail page's Submissions tab: the creator's settings and review board, or a
// joined user's own submission form.
export function SubmissionsTab(_props: SubmissionsTabProps) {
  return <p className="text-sm text-slate-600">Submissions are currently not enabled.</p>;
}
