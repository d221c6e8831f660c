export const TOP_BAR_NAME_LIMIT = 12;

/** Names over 12 characters show their first 12 and an ellipsis. */
export function truncateName(name: string, limit = TOP_BAR_NAME_LIMIT): string {
  return name.length > limit ? `${name.slice(0, limit)}...` : name;
}
