import { ImageResponse } from 'next/og';
import { OG_SIZE, OgCard } from '@/components/seo/og-card';
import { getProfileCard } from '@/lib/seo/og';
import { decodeSegment } from '@/lib/validation/users';

export const alt = 'A creator on Envolve: their name and envolvements';
export const size = OG_SIZE;
export const contentType = 'image/png';

// GET /profile/{userId}/opengraph-image: the share picture of a public profile
export default async function Image({ params }: { params: Promise<{ userId: string }> }) {
  const card = await getProfileCard(decodeSegment((await params).userId));
  if (!card) return new Response('Not found', { status: 404 });
  const count = card.envolvementCount;
  return new ImageResponse(
    <OgCard
      eyebrow="Creator"
      title={card.name}
      subtitle={`@${card.handle} on Envolve`}
      facts={[count === 0 ? 'No envolvements yet' : `${count} ${count === 1 ? 'envolvement' : 'envolvements'}`]}
      byline="Join their envolvements"
    />,
    size,
  );
}
