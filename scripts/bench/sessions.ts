// Signed-in requests without the sign-in page: a next-auth session cookie made with the
// server's secret, as the app's jwt callback makes it (subject, profile and the account's
// session version, which getViewer compares with the users row).
import { encode } from 'next-auth/jwt';

export type BenchUser = { id: string; name: string; nickname: string };

export async function sessionCookie(secret: string, user: BenchUser, sessionVersion = 0): Promise<string> {
  const token = await encode({
    secret,
    token: { sub: user.id, name: user.name, nickname: user.nickname, email: null, picture: null, sv: sessionVersion },
  });
  return `next-auth.session-token=${token}`;
}
