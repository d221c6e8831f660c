import { ExternalLink } from '@/components/ui/external-link';
import { linkSiteName } from '@/lib/domain/profile-links';

type ProfileAboutProps = { bio: string | null; links: string[] };

/**
 * A profile's bio, as text with its line breaks (never as markup), and its links under their
 * site's name. Links are the owner's words: search engines are told so, and a new tab opened
 * from one cannot reach back into this page.
 */
export function ProfileAbout({ bio, links }: ProfileAboutProps) {
  if (!bio && links.length === 0) return null;
  return (
    <div className="space-y-3 px-6 pb-6">
      {bio && (
        <p data-testid="profile-bio" className="max-w-2xl text-sm break-words whitespace-pre-line text-slate-700">
          {bio}
        </p>
      )}
      {links.length > 0 && (
        <ul aria-label="Links" className="flex flex-wrap gap-x-4 gap-y-1 text-sm font-medium">
          {links.map((link) => (
            <li key={link}>
              <ExternalLink href={link} userContent className="text-brand-700 hover:underline">
                <span title={link}>{linkSiteName(link)}</span>
              </ExternalLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
