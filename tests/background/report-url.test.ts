import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { fitUrlToLimit } from '../../lib/api/fit-url';
import { submitFeedback } from '../../lib/background/feedback';
import { setServerUrl, signUp } from '../../lib/background/session';
import { setupTestServer } from '../server/harness';
import { failure, newAccount } from './helpers';

/**
 * A bug report about a page whose address is over the contract's urlMax (2,048): the address the report
 * dialog fills in (lib/api/fit-url.ts) is accepted by the real server; the whole address is refused, naming it.
 */
const t = setupTestServer();

beforeEach(async () => {
  fakeBrowser.reset();
  await setServerUrl(t.url);
});

const report = (url: string) => ({
  title: 'Page misbehaves',
  url,
  category: 'Bug' as const,
  isExtension: true as const,
});

const pages = {
  'a long fragment': `https://example.com/doc#${'h'.repeat(3000)}`,
  'a long query': `https://example.com/s?${Array.from({ length: 90 }, (_, i) => `k${i}=${'v'.repeat(30)}`).join('&')}`,
  'a query the canonical form encodes longer': `https://example.com/?${Array.from({ length: 120 }, (_, i) => `k${i}=${"'".repeat(20)}`).join('&')}`,
  'a long path': `https://example.com/${'%E2%9C%93'.repeat(400)}`,
};

describe('a bug report about a page with an address over 2,048 characters', () => {
  it.each(Object.entries(pages))('with %s is accepted with the address fitted', async (_, page) => {
    await signUp(newAccount('report'));
    expect(page.length).toBeGreaterThan(2048);
    const url = fitUrlToLimit(page);
    const filed = await submitFeedback(report(url));
    expect(filed.url).toBe(url);
  });

  it('with the whole address (as if typed) is refused, naming the URL field', async () => {
    await signUp(newAccount('reportraw'));
    const refused = await failure(submitFeedback(report(pages['a long query'])));
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.fields)).toContain('url');
  });
});
