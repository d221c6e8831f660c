// What a profile counts, worded once for its page and its share picture. Pure.

/** The people who hold a spot in the creator's envolvements, and how many of those are published. */
export type ProfileCounts = { members: number; envolvements: number };

const counted = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** "3 members", "1 envolvement": in the order the profile shows them. */
export function countLabels(counts: ProfileCounts): { members: string; envolvements: string } {
  return {
    members: counted(counts.members, 'member', 'members'),
    envolvements: counted(counts.envolvements, 'envolvement', 'envolvements'),
  };
}
