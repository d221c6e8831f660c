type FeatureCardProps = {
  title: string;
  text: string;
  /** The title's level and look, which follow the page's outline. */
  heading: 'h2' | 'h3';
  titleClassName: string;
};

/** One thing Envolve does, on a white card: its name and a line about it. */
export function FeatureCard({ title, text, heading: Heading, titleClassName }: FeatureCardProps) {
  return (
    <article className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <Heading className={titleClassName}>{title}</Heading>
      <p className="mt-2 text-sm text-slate-600">{text}</p>
    </article>
  );
}
