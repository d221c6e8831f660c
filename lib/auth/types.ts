import 'next-auth';
import 'next-auth/jwt';

/** The signed-in user as the server sees them. */
export type Viewer = {
  id: string;
  name: string;
  nickname: string;
  picture: string | null;
  email: string | null;
  /** Whether the owner of `email` has confirmed it (lib/users/verification.ts). */
  emailVerified: boolean;
  /** False while the handle is one the site gave them (they are told they may change it). */
  handleChosen: boolean;
};

declare module 'next-auth' {
  interface Session {
    user: { sub: string; name: string; nickname: string; picture: string | null; email: string | null };
  }
  interface User {
    nickname?: string | null;
    /** From the identity provider: whether it checked the address. */
    emailVerified?: boolean;
  }
}

declare module 'next-auth/jwt' {
  interface JWT {
    nickname?: string | null;
    /** The account's session version when this session began (lib/auth/viewer.ts); missing means 0. */
    sv?: number;
  }
}
