import { ImageResponse } from 'next/og';
import { OG_SIZE, OgCard } from '@/components/seo/og-card';
import { getEnvolvementCard } from '@/lib/seo/og';
import { isUuid } from '@/lib/validation/ids';

export const alt = 'An envolvement on Envolve: its title, price, spots and creator';
export const size = OG_SIZE;
export const contentType = 'image/png';

// GET /envolvement/{id}/opengraph-image: the share picture of a published envolvement
export default async function Image({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const card = isUuid(id) ? await getEnvolvementCard(id) : null;
  if (!card) return new Response('Not found', { status: 404 });
  return new ImageResponse(
    <OgCard
      eyebrow={card.category}
      title={card.title}
      subtitle={card.previewText}
      facts={card.facts}
      byline={`by ${card.creator}`}
    />,
    size,
  );
}
