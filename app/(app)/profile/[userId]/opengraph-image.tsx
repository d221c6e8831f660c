import { ImageResponse } from 'next/og';
import { OG_SIZE, OgCard } from '@/components/seo/og-card';
import { countLabels } from '@/lib/domain/profile-counts';
import { getProfileCard } from '@/lib/seo/og';
import { decodeSegment } from '@/lib/validation/users';

export const alt = 'A creator on Envolve: their name, handle, picture and envolvements';
export const size = OG_SIZE;
export const contentType = 'image/png';

// GET /profile/{userId}/opengraph-image: the share picture of a public profile
export default async function Image({ params }: { params: Promise<{ userId: string }> }) {
  const card = await getProfileCard(decodeSegment((await params).userId));
  if (!card) return new Response('Not found', { status: 404 });
  const labels = countLabels(card.counts);
  return new ImageResponse(
    <OgCard
      eyebrow="Creator"
      title={card.name}
      subtitle={card.bio ? `@${card.handle} · ${card.bio}` : `@${card.handle} on Envolve`}
      picture={card.picture}
      facts={[labels.envolvements, labels.members]}
      byline="Join their envolvements"
    />,
    size,
  );
}
