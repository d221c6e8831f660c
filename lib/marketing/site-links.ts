// The site's own links (its social accounts, its team's addresses), from SITE_LINKS: none are
// shown that an operator did not set, so the pages never point at a network's home page.
//
// SITE_LINKS is a comma-separated list of `label=url` pairs. A label of the form
// `Person: label` puts the link on that person's card in the home page's team section; any
// other label is one of the site's own accounts, under 'Follow us'. Only https:, http: and
// mailto: addresses are kept; an entry that is not a pair, or whose address is anything else,
// is left out. Example:
//   SITE_LINKS="Instagram=https://instagram.com/envolve,Jordan Ellis: GitHub=https://github.com/jordanellis"

export type SiteLink = { label: string; href: string };
export type SiteLinks = { site: SiteLink[]; people: Record<string, SiteLink[]> };

const PROTOCOLS = new Set(['https:', 'http:', 'mailto:']);
const MAX_LABEL = 60;

function safeHref(value: string): string | null {
  try {
    const url = new URL(value);
    return PROTOCOLS.has(url.protocol) ? url.toString() : null;
  } catch {
    return null;
  }
}

/** The links a SITE_LINKS value names; an empty or unset one names none. */
export function parseSiteLinks(value: string | undefined): SiteLinks {
  const links: SiteLinks = { site: [], people: {} };
  for (const entry of (value ?? '').split(',')) {
    const equals = entry.indexOf('=');
    if (equals === -1) continue;
    const name = entry.slice(0, equals).trim();
    const href = safeHref(entry.slice(equals + 1).trim());
    if (!name || !href) continue;
    const colon = name.indexOf(':');
    const person = colon === -1 ? '' : name.slice(0, colon).trim();
    const label = (colon === -1 ? name : name.slice(colon + 1)).trim().slice(0, MAX_LABEL);
    if (!label) continue;
    if (person) (links.people[person] ??= []).push({ label, href });
    else links.site.push({ label, href });
  }
  return links;
}

/** The links this server was given, read when a page is made. */
export function siteLinks(): SiteLinks {
  return parseSiteLinks(process.env.SITE_LINKS);
}
