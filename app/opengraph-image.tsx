import { ImageResponse } from 'next/og';
import { OG_SIZE, OgCard } from '@/components/seo/og-card';

// The site's default Open Graph image, for every page without its own.
export const alt = 'Envolve: engage your audience';
export const size = OG_SIZE;
export const contentType = 'image/png';

export default function Image() {
  return new ImageResponse(
    <OgCard
      eyebrow="Something totally different"
      title="Engage Your Audience"
      subtitle="Monetize your audience through unique interactive opportunities: commissions, crowdfunding and participation spots."
      facts={['Commissions', 'Live sessions', 'Crowdfunding']}
    />,
    size,
  );
}
