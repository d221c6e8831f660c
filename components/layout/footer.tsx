import Link from 'next/link';
import { ExternalLink } from '@/components/ui/external-link';
import type { SiteLink } from '@/lib/marketing/site-links';

type FooterLink = { href: string; label: string; external?: boolean };

const INFO = {
  title: 'Info',
  links: [
    { href: '/about-us', label: 'About Us' },
    { href: '/features', label: 'Features' },
    { href: '/ambassador', label: 'Ambassador Program' },
    { href: '/contact-us', label: 'Contact Us' },
  ],
};

const LEGAL = {
  title: 'Legal',
  links: [
    { href: '/terms-and-privacy#privacy', label: 'Privacy Policy' },
    { href: '/terms-and-privacy#terms', label: 'Terms & Conditions' },
  ],
};

/** Every page's footer; 'Follow us' lists the site's accounts (SITE_LINKS), and is left out without any. */
export function Footer({ socialLinks }: { socialLinks: SiteLink[] }) {
  const follow = socialLinks.map((link) => ({ ...link, external: true }));
  const columns: Array<{ title: string; links: FooterLink[] }> = follow.length
    ? [INFO, { title: 'Follow us', links: follow }, LEGAL]
    : [INFO, LEGAL];
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div
        className={`mx-auto grid max-w-6xl gap-8 px-6 py-10 ${columns.length === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-2'}`}
      >
        {columns.map((column) => (
          <div key={column.title}>
            <h2 className="text-sm font-semibold text-slate-900">{column.title}</h2>
            <ul className="mt-3 space-y-2">
              {column.links.map((link) => (
                <li key={link.label + link.href}>
                  {link.external ? (
                    <ExternalLink href={link.href} className="footer-link">
                      {link.label}
                    </ExternalLink>
                  ) : (
                    <Link href={link.href} className="footer-link">
                      {link.label}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <p className="border-t border-slate-100 py-4 text-center text-xs text-slate-500">
        © {new Date().getFullYear()} Envolve
      </p>
    </footer>
  );
}
