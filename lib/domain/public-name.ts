// What a public page may call someone. Pure: pages, search and the share cards share it.

// Something@domain.tld anywhere in the text: an address typed as a name, or a name an
// identity provider filled in with the account's e-mail when it had no other.
const EMAIL_ADDRESS = /[^\s@]+@[^\s@]+\.[^\s@]+/;

/** Whether `text` holds an e-mail address. */
export function containsEmailAddress(text: string): boolean {
  return EMAIL_ADDRESS.test(text);
}

/**
 * The name shown beside the handle: the display name, unless it holds an e-mail address
 * (which no public page shows), then the handle.
 */
export function publicName(user: { name: string; nickname: string }): string {
  const name = user.name.trim();
  return name && !containsEmailAddress(name) ? name : user.nickname;
}

/** A profile's title: "Maya Chen (@mayacreates)", or the handle alone when it is all there is to show. */
export function profileTitle(user: { name: string; nickname: string }): string {
  const shown = publicName(user);
  return shown === user.nickname ? shown : `${shown} (@${user.nickname})`;
}
