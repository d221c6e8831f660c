import { EnvolvementSummary } from '@/components/envolvement/envolvement-summary';
import { ErrorBannerProvider } from '@/components/envolvement/error-banner';
import { MoreFromCreator } from '@/components/envolvement/more-from-creator';
import { JsonLd } from '@/components/seo/json-ld';
import { isDeletedUserId } from '@/lib/domain/deleted-member';
import { moreFromCreator } from '@/lib/envolvements/creator-list';
import type { EnvolvementDto } from '@/lib/envolvements/types';
import { offerStatus } from '@/lib/envolvements/rules';
import { envolvementJsonLd } from '@/lib/seo/json-ld';
import { EnvolvementContent } from './viewer/content';
import { CreatorTools } from './viewer/creator-tools';
import { JoinAction } from './viewer/join-action';

// An envolvement's page body: the same for everyone, so its public page comes from the cache
// (app/(app)/envolvement/[id]/page.tsx); the private page of one that is not public (./private)
// draws it too. What depends on the viewer (the join bar's action, the creator's tools, the
// member tabs or the lock over them) fills the places kept for it once the browser has asked
// `GET /api/me?page=` (lib/viewer), each the size of what comes.

export async function EnvolvementPageBody({ envolvement }: { envolvement: EnvolvementDto }) {
  // From the shared cache: a page served from the cache reads nothing more.
  const more = isDeletedUserId(envolvement.userID) ? [] : await moreFromCreator(envolvement.userID, envolvement._id);
  const { removed } = envolvement;
  return (
    <ErrorBannerProvider>
      {/* On phones the join bar is fixed to the foot of the screen: leave room for it. */}
      <article
        className={
          removed ? 'mx-auto max-w-5xl px-4 py-8 sm:px-6' : 'mx-auto max-w-5xl px-4 pt-6 pb-28 sm:px-6 md:py-8'
        }
      >
        <JsonLd data={envolvementJsonLd(envolvement)} />
        <EnvolvementSummary
          envolvement={envolvement}
          status={offerStatus(envolvement)}
          action={removed ? null : <JoinAction />}
          tools={<CreatorTools currency={envolvement.currency} />}
        />
        <div className="mt-8">
          <EnvolvementContent
            envolvementId={envolvement._id}
            categories={envolvement.categories}
            removed={removed}
            creatorName={envolvement.creatorName}
          />
        </div>
        <MoreFromCreator username={envolvement.username} items={more} />
      </article>
    </ErrorBannerProvider>
  );
}
