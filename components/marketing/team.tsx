import { HeadedSection } from './headed-section';

const FOUNDERS = [
  {
    name: 'Jordan Ellis',
    role: 'Co-founder, technical lead',
    bio: 'Builds the platform and keeps every payment and spot honest.',
    email: 'jordan@envolve.app',
    social: { label: 'GitHub', href: 'https://github.com/' },
  },
  {
    name: 'Priya Raman',
    role: 'Co-founder, business lead',
    bio: 'Works with creators on what their audiences want to be part of.',
    email: 'priya@envolve.app',
    social: { label: 'LinkedIn', href: 'https://www.linkedin.com/' },
  },
];

export function Team() {
  return (
    <HeadedSection id="team-heading" title="Meet the team" className="mx-auto max-w-5xl px-6 py-16">
      <div className="mt-10 grid gap-6 sm:grid-cols-2">
        {FOUNDERS.map((person) => (
          <article key={person.name} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <div className="flex items-center gap-4">
              <span
                aria-hidden
                className="flex h-14 w-14 items-center justify-center rounded-full bg-gradient-to-br from-brand-500 to-pink-500 text-xl font-bold text-white"
              >
                {person.name.charAt(0)}
              </span>
              <div>
                <h3 className="font-semibold text-ink">{person.name}</h3>
                <p className="text-sm text-brand-700">{person.role}</p>
              </div>
            </div>
            <p className="mt-4 text-sm text-slate-600">{person.bio}</p>
            <div className="mt-4 flex gap-4 text-sm font-medium">
              <a href={`mailto:${person.email}`} className="text-brand-700 hover:underline">
                {person.email}
              </a>
              <a
                href={person.social.href}
                target="_blank"
                rel="noopener noreferrer"
                className="text-slate-600 hover:underline"
              >
                {person.social.label}
              </a>
            </div>
          </article>
        ))}
      </div>
    </HeadedSection>
  );
}
