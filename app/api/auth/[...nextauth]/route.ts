import NextAuth from 'next-auth';
import { getAuthOptions } from '@/lib/auth/options';

// GET, POST /api/auth/*: next-auth's sign-in, callback, session and sign-out endpoints
async function handler(request: Request, context: { params: Promise<{ nextauth: string[] }> }) {
  return NextAuth(request as never, context as never, getAuthOptions());
}

export { handler as GET, handler as POST };
