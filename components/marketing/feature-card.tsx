type FeatureCardProps = {
  title: string;
  text: string;
  /** The title's level and look, which follow the page's outline. */
  heading: 'h2' | 'h3';
  titleClassName: string;
  /** A word beside the title for what does not work yet ('Planned'). */
  badge?: string;
};

/** One thing Envolve does, on a white card: its name and a line about it. */
export function FeatureCard({ title, text, heading: Heading, titleClassName, badge }: FeatureCardProps) {
  return (
    <article className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex flex-wrap items-center gap-2">
        <Heading className={titleClassName}>{title}</Heading>
        {badge && (
          <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-600">{badge}</span>
        )}
      </div>
      <p className="mt-2 text-sm text-slate-600">{text}</p>
    </article>
  );
}
