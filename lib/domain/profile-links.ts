// A profile's links as the profile shows them. Pure: the public profile, the settings form's
// preview and the tests share it.

/**
 * The name a link is shown under: the site's host name without a leading "www." (a profile
 * reads "github.com", not the whole address). Host names stay in their ASCII form, so a
 * look-alike made of other alphabets' letters shows as the "xn--" name it really is.
 */
export function linkSiteName(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/** The links as kept: blanks dropped, each address once (the first time it is given). */
export function distinctLinks(links: readonly string[]): string[] {
  const seen = new Set<string>();
  return links.filter((link) => {
    if (!link || seen.has(link)) return false;
    seen.add(link);
    return true;
  });
}
