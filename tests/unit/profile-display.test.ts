import { describe, expect, it } from 'vitest';
import { countLabels } from '@/lib/domain/profile-counts';
import { distinctLinks, linkSiteName } from '@/lib/domain/profile-links';
import { containsEmailAddress, profileTitle, publicName } from '@/lib/domain/public-name';
import { checkWith } from '@/lib/validation/check';
import { profileSettingsSchema } from '@/lib/validation/profile';

describe("a profile link's site name", () => {
  it.each([
    ['https://github.com/maya', 'github.com'],
    ['https://www.youtube.com/@maya', 'youtube.com'],
    ['https://WWW.Example.COM/', 'example.com'],
    ['https://maya.art:8443/shop?x=1#top', 'maya.art'],
    ['https://shop.maya.art', 'shop.maya.art'],
    ['https://www2.example.com', 'www2.example.com'],
    ['https://wwwexample.com', 'wwwexample.com'],
  ])('%s shows as %s', (url, name) => {
    expect(linkSiteName(url)).toBe(name);
  });

  it('shows a look-alike host in the ASCII form it really has', () => {
    // A Cyrillic і in place of the Latin i.
    expect(linkSiteName('https://g\u0456thub.com/maya')).toBe('xn--gthub-n2e.com');
  });

  it('keeps each link once, in the order given, without blanks', () => {
    expect(distinctLinks(['https://a.example', '', 'https://b.example', 'https://a.example'])).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
  });
});

describe('the name a public page shows', () => {
  it('is the display name, or the handle when the name holds an e-mail address or is empty', () => {
    expect(publicName({ name: 'Maya Chen', nickname: 'mayacreates' })).toBe('Maya Chen');
    expect(publicName({ name: 'maya@example.com', nickname: 'maya_1234' })).toBe('maya_1234');
    expect(publicName({ name: 'Maya (maya.chen@work.example)', nickname: 'maya_1234' })).toBe('maya_1234');
    expect(publicName({ name: '  ', nickname: 'maya_1234' })).toBe('maya_1234');
    expect(publicName({ name: 'Maya @ home', nickname: 'maya_1234' })).toBe('Maya @ home');
  });

  it('tells an e-mail address from a name with an @ in it', () => {
    expect(containsEmailAddress('kai@mail.example')).toBe(true);
    expect(containsEmailAddress('@kai')).toBe(false);
    expect(containsEmailAddress('kai@home')).toBe(false);
  });

  it('titles a profile with both, or the handle alone', () => {
    expect(profileTitle({ name: 'Maya Chen', nickname: 'mayacreates' })).toBe('Maya Chen (@mayacreates)');
    expect(profileTitle({ name: 'sam@mail.example', nickname: 'sam_2048' })).toBe('sam_2048');
  });

  it('words the counts', () => {
    expect(countLabels({ members: 1, envolvements: 0 })).toEqual({
      members: '1 member',
      envolvements: '0 envolvements',
    });
    expect(countLabels({ members: 1200, envolvements: 1 })).toEqual({
      members: '1,200 members',
      envolvements: '1 envolvement',
    });
  });
});

describe('the profile settings schema, as the form checks it', () => {
  it('takes the form as sent: a leading @ dropped, the bio trimmed', () => {
    expect(
      checkWith(profileSettingsSchema, {
        name: ' Maya ',
        handle: '@maya_c',
        bio: ' Hi\r\nthere ',
        links: ['https://maya.art'],
      }),
    ).toEqual({ ok: true, data: { name: 'Maya', handle: 'maya_c', bio: 'Hi\nthere', links: ['https://maya.art'] } });
  });

  it('names each refused field, a link by its row', () => {
    const checked = checkWith(profileSettingsSchema, {
      name: '',
      handle: 'no spaces',
      bio: 'b'.repeat(501),
      links: ['https://ok.example', 'http://plain.example'],
    });
    expect(checked).toEqual({
      ok: false,
      error: 'Name is required',
      fields: {
        name: 'Name is required',
        handle: 'Use only letters, digits and underscores',
        bio: 'Bio must be 500 characters or fewer',
        'links.1': 'Links must start with https://',
      },
    });
  });
});
