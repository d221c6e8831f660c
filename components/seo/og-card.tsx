// The 1200×630 picture that links to the site show when shared, drawn by next/og
// (Satori): flex layout only, inline styles, the brand's violet-to-pink gradient.

export const OG_SIZE = { width: 1200, height: 630 };

const INK = '#14112b';
const BRAND_700 = '#5119d3';

/** Cuts text to a length the card has room for, on a word, with an ellipsis. */
function fit(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

function Brand() {
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 16 }}>
      <svg width="56" height="56" viewBox="0 0 32 32">
        <rect width="32" height="32" rx="9" fill="#ffffff" />
        <path
          d="M10 9h12M10 16h9M10 23h12M10 9v14"
          stroke={BRAND_700}
          strokeWidth="3"
          strokeLinecap="round"
          fill="none"
        />
      </svg>
      <span style={{ fontSize: 36, color: '#ffffff', letterSpacing: -0.5 }}>Envolve</span>
    </div>
  );
}

function Headline({ eyebrow, title, subtitle }: Pick<OgCardProps, 'eyebrow' | 'title' | 'subtitle'>) {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 18, flex: 1 }}>
      {eyebrow ? (
        <span style={{ fontSize: 26, letterSpacing: 3, textTransform: 'uppercase', color: '#e9e5ff' }}>{eyebrow}</span>
      ) : null}
      <span style={{ fontSize: title.length > 48 ? 60 : 76, lineHeight: 1.08, letterSpacing: -1.5 }}>
        {fit(title, 90)}
      </span>
      {subtitle ? (
        <span style={{ fontSize: 30, lineHeight: 1.35, color: '#f3f1ff', opacity: 0.9 }}>{fit(subtitle, 130)}</span>
      ) : null}
    </div>
  );
}

type OgCardProps = {
  /** A short label above the title (a category, 'Creator'). */
  eyebrow?: string | null;
  title: string;
  subtitle?: string;
  /** Pills along the bottom: the first stands out (the price). */
  facts?: string[];
  /** Bottom-left line (the creator). */
  byline?: string;
  /** A round picture beside the title (a profile's), as a data: URL. */
  picture?: string | null;
};

export function OgCard({ eyebrow, title, subtitle, facts = [], byline, picture }: OgCardProps) {
  return (
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        padding: '56px 72px',
        backgroundImage: 'linear-gradient(135deg, #39158c 0%, #6128ee 50%, #ec4899 100%)',
        color: '#ffffff',
        fontFamily: 'Geist, sans-serif',
      }}
    >
      <Brand />
      <div style={{ display: 'flex', alignItems: 'center', gap: 40 }}>
        {picture ? (
          // eslint-disable-next-line @next/next/no-img-element -- next/og draws plain <img> only
          <img
            src={picture}
            alt=""
            width={200}
            height={200}
            style={{ borderRadius: 999, border: '6px solid rgba(255, 255, 255, 0.85)' }}
          />
        ) : null}
        <Headline eyebrow={eyebrow} title={title} subtitle={subtitle} />
      </div>
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 24 }}>
        <span style={{ fontSize: 30, color: '#ffffff' }}>{byline ? fit(byline, 40) : ''}</span>
        <div style={{ display: 'flex', gap: 14 }}>
          {facts.map((fact, index) => (
            <span
              key={fact}
              style={{
                display: 'flex',
                alignItems: 'center',
                fontSize: index === 0 ? 36 : 28,
                padding: index === 0 ? '10px 28px' : '12px 24px',
                borderRadius: 999,
                background: index === 0 ? '#ffffff' : 'rgba(255, 255, 255, 0.18)',
                color: index === 0 ? INK : '#ffffff',
              }}
            >
              {fact}
            </span>
          ))}
        </div>
      </div>
    </div>
  );
}
