import type { ReactNode } from 'react';
import { publicCreatorFirstPages, type CreatorLists } from '@/lib/envolvements/creator-list';
import { offerViewerOf } from '@/lib/envolvements/offer-viewer';
import { profileSlug } from '@/lib/envolvements/rules';
import { nextPagePath } from './next-page';
import { PagedGrid } from './paged-grid';

type SectionsProps = {
  creatorId: string;
  viewerId: string | null;
  lists: CreatorLists;
  /** Said when the creator has none at all. */
  empty: ReactNode;
  /** Said in place of the active ones when all they have has ended. */
  noneActive: string;
  /** 'link': each card opens its page; 'dialog': a plain click opens the offer dialog. */
  mode: 'dialog' | 'link';
  /** The creator's own list, drafts included, on their own profile page. */
  mine?: boolean;
};

/**
 * A creator's envolvements in two sections, each paged on its own: the active ones first
 * (sold out included), then those past their end date under 'Ended'.
 */
export function CreatorSections({ creatorId, viewerId, lists, empty, noneActive, mode, mine = false }: SectionsProps) {
  const { active, ended } = lists;
  if (!active.items.length && !ended.items.length) return <>{empty}</>;
  const path = `/api/profile/${encodeURIComponent(profileSlug(creatorId))}${mine ? '?mine=1' : ''}`;
  const viewer = offerViewerOf(viewerId);
  return (
    <>
      {active.items.length ? (
        <PagedGrid
          initial={active.items}
          next={nextPagePath(path, active.nextCursor)}
          viewer={viewer}
          mode={mode}
          priority
        />
      ) : (
        <p className="rounded-2xl border border-dashed border-slate-300 p-6 text-center text-slate-600">{noneActive}</p>
      )}
      {ended.items.length > 0 && (
        <section aria-labelledby="ended-envolvements" className="mt-10" data-testid="ended-envolvements">
          <h2 id="ended-envolvements" className="mb-4 text-xl font-bold text-ink">
            Ended
          </h2>
          <PagedGrid
            initial={ended.items}
            next={nextPagePath(`${path}${mine ? '&' : '?'}section=ended`, ended.nextCursor)}
            viewer={viewer}
            mode={mode}
          />
        </section>
      )}
    </>
  );
}

/** A creator's published envolvements as cards linking to their pages, the same for everyone. */
export async function CreatorEnvolvements({ creatorId }: { creatorId: string }) {
  // From the cache, as the profile's page that shows them.
  const lists = await publicCreatorFirstPages(creatorId);
  return (
    <CreatorSections
      creatorId={creatorId}
      viewerId={null}
      lists={lists}
      mode="link"
      empty={
        <p className="rounded-2xl border border-dashed border-slate-300 p-10 text-center text-slate-600">
          This user has no Envolvements.
        </p>
      }
      noneActive="This user has no active Envolvements."
    />
  );
}
