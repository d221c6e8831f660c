import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveRoute } from '../helpers/routes';

const relative = (pathname: string) => {
  const found = resolveRoute(pathname);
  return (
    found && { file: path.relative(path.resolve(import.meta.dirname, '../../app'), found.file), params: found.params }
  );
};

describe("the tests' route resolution, as Next resolves app/ folders", () => {
  it('prefers a static folder to a dynamic one', () => {
    expect(relative('/api/post/pull')).toEqual({ file: 'api/post/pull/route.ts', params: {} });
    expect(relative('/api/post/abc')).toEqual({ file: 'api/post/[id]/route.ts', params: { id: 'abc' } });
    expect(relative('/api/post/abc/members')).toEqual({
      file: 'api/post/[id]/members/route.ts',
      params: { id: 'abc' },
    });
  });

  it('gives a catch-all every remaining segment, and finds nothing for an unserved path', () => {
    expect(relative('/api/auth/callback/credentials')).toEqual({
      file: 'api/auth/[...nextauth]/route.ts',
      params: { nextauth: ['callback', 'credentials'] },
    });
    expect(relative('/api/auth/register')).toEqual({ file: 'api/auth/register/route.ts', params: {} });
    expect(relative('/api/nothing/here')).toBeNull();
    expect(relative('/api/profile/')).toBeNull();
  });
});
