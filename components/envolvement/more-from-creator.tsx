import Link from 'next/link';
import { handleLabel } from '@/lib/domain/deleted-member';
import type { OfferCardDto } from '@/lib/envolvements/types';
import { profilePath } from '@/lib/seo/urls';
import { OfferCard } from './offer-card';

type MoreFromProps = {
  /** The creator's handle, else their name, as the card has it. */
  username: string;
  /** Their other active envolvements, newest first (moreFromCreator). */
  items: OfferCardDto[];
};

/** The foot of an envolvement's page: a few more of its creator's, as the profile's cards; none when there are none. */
export function MoreFromCreator({ username, items }: MoreFromProps) {
  if (!items.length) return null;
  return (
    <section aria-labelledby="more-from-creator" className="mt-10" data-testid="more-from-creator">
      <h2 id="more-from-creator" className="mb-4 text-xl font-bold text-ink">
        <Link href={profilePath(username)} className="hover:text-brand-700 hover:underline">
          More from {handleLabel(username)}
        </Link>
      </h2>
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        {items.map((item) => (
          <OfferCard key={item._id} envolvement={item} />
        ))}
      </div>
    </section>
  );
}
