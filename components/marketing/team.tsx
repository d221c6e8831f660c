import type { SiteLink } from '@/lib/marketing/site-links';
import { HeadedSection } from './headed-section';

const FOUNDERS = [
  {
    name: 'Jordan Ellis',
    role: 'Co-founder, technical lead',
    bio: 'Builds the platform and keeps every payment and spot honest.',
  },
  {
    name: 'Priya Raman',
    role: 'Co-founder, business lead',
    bio: 'Works with creators on what their audiences want to be part of.',
  },
];

/**
 * The founders, each with the links SITE_LINKS gives them (`Name: label=url`): none where
 * none is set, rather than a link to a network's home page.
 */
export function Team({ links }: { links: Record<string, SiteLink[]> }) {
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
            {links[person.name]?.length ? (
              <ul className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm font-medium" data-testid="team-links">
                {links[person.name]!.map((link) => (
                  <li key={link.label + link.href}>
                    <a
                      href={link.href}
                      {...(link.href.startsWith('mailto:') ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
                      className="text-brand-700 hover:underline"
                    >
                      {link.label}
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </article>
        ))}
      </div>
    </HeadedSection>
  );
}
