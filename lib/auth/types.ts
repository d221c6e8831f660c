import 'next-auth';
import 'next-auth/jwt';

/** The signed-in user as the server sees them. */
export type Viewer = {
  id: string;
  name: string;
  nickname: string;
  picture: string | null;
  email: string | null;
};

declare module 'next-auth' {
  interface Session {
    user: { sub: string; name: string; nickname: string; picture: string | null; email: string | null };
  }
  interface User {
    nickname?: string | null;
  }
}

declare module 'next-auth/jwt' {
  interface JWT {
    nickname?: string | null;
    /** The account's session version when this session began (lib/auth/viewer.ts); missing means 0. */
    sv?: number;
  }
}
