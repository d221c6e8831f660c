// The demo accounts that the seed creates (see lib/demo/data.ts), by their role in the specs.
export const DEMO_PASSWORD = 'envolve-demo';

export const ACCOUNTS = {
  creator: { email: 'maya@demo.envolve.app', name: 'Maya Chen', nickname: 'mayacreates' },
  buyer: { email: 'sam@demo.envolve.app', name: 'Sam Rivera', nickname: 'samjoins' },
  buyer2: { email: 'kai@demo.envolve.app', name: 'Kai Bennett', nickname: 'kaib' },
  gamer: { email: 'leo@demo.envolve.app', name: 'Leo Okafor', nickname: 'leoplays' },
} as const;

export type Role = keyof typeof ACCOUNTS;

export const storageState = (role: Role) => `e2e/.auth/${role}.json`;
