import Link from 'next/link';
import { ExternalLink } from '@/components/ui/external-link';

const COLUMNS = [
  {
    title: 'Info',
    links: [
      { href: '/about-us', label: 'About Us' },
      { href: '/features', label: 'Features' },
      { href: '/ambassador', label: 'Ambassador Program' },
      { href: '/contact-us', label: 'Contact Us' },
    ],
  },
  {
    title: 'Follow us',
    links: [
      { href: 'https://www.instagram.com/', label: 'Instagram', external: true },
      { href: 'https://www.youtube.com/', label: 'YouTube', external: true },
      { href: 'https://www.twitch.tv/', label: 'Twitch', external: true },
    ],
  },
  {
    title: 'Legal',
    links: [
      { href: '/terms-and-privacy#privacy', label: 'Privacy Policy' },
      { href: '/terms-and-privacy#terms', label: 'Terms & Conditions' },
    ],
  },
];

export function Footer() {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-8 px-6 py-10 sm:grid-cols-3">
        {COLUMNS.map((column) => (
          <div key={column.title}>
            <h2 className="text-sm font-semibold text-slate-900">{column.title}</h2>
            <ul className="mt-3 space-y-2">
              {column.links.map((link) => (
                <li key={link.label}>
                  {'external' in link ? (
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
