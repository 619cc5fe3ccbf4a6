import { describe, expect, it } from 'vitest';
import { followAddressFromHash } from '../../components/library/use-follow-hash';
import { followAddressOfTab } from '../../lib/library/follow-page';
import { libraryFollowPath } from '../../lib/library/open-library';

const SERVER = 'https://trove.example.test';

describe('the hand-off from a public page’s Follow link to the library', () => {
  it('recognises the server’s own /follow page and hands its collection to the library’s #follow=', () => {
    const address = followAddressOfTab(`${SERVER}/follow?collection=ada%2Frecipes`, SERVER);
    expect(address).toBe('ada/recipes');
    const path = libraryFollowPath(address ?? '');
    expect(path).toBe('/library.html#follow=ada%2Frecipes');
    expect(followAddressFromHash(path.slice(path.indexOf('#')))).toBe('ada/recipes');
  });

  it('ignores another server’s page, another path and a page without a collection', () => {
    expect(followAddressOfTab('https://evil.example.test/follow?collection=ada/recipes', SERVER)).toBeNull();
    expect(followAddressOfTab(`${SERVER}/ada/recipes`, SERVER)).toBeNull();
    expect(followAddressOfTab(`${SERVER}/follow`, SERVER)).toBeNull();
    expect(followAddressOfTab(`${SERVER}/follow?collection=onlyone`, SERVER)).toBeNull();
    expect(followAddressOfTab('not a url', SERVER)).toBeNull();
  });
});
