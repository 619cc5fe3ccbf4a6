import { beforeAll, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { isTrustedSender, registerMessageHandlers } from '../../lib/background/handlers';
import type { MessageName } from '../../lib/messaging/protocol';

/**
 * Only the extension's own pages may talk to the background (lib/background/handlers.ts): a content
 * script (sender URL of a web page) or another extension gets 403 and no handler runs. The messages go
 * through the real message listener (the messaging library's, on fakeBrowser's runtime).
 */

type Sender = { id?: string; url?: string };

function send(name: MessageName, data: unknown, sender: Sender): Promise<unknown> {
  return new Promise((resolve) => {
    void fakeBrowser.runtime.onMessage.trigger(
      { id: 1, type: name, data, timestamp: Date.now() },
      sender,
      (response: { res?: unknown; err?: unknown }) => resolve(response.res ?? response.err),
    );
  });
}

const NOT_ALLOWED = { ok: false, error: { kind: 'invalid', status: 403, message: 'Not allowed' } };

describe('the background sender check', () => {
  const ownPage = () => ({ id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/sidepanel.html') });

  beforeAll(() => {
    fakeBrowser.reset();
    registerMessageHandlers();
  });

  it('answers the extension’s own pages', async () => {
    expect(isTrustedSender(ownPage())).toBe(true);
    expect(await send('getSession', undefined, ownPage())).toMatchObject({ ok: true, data: { user: null } });
  });

  it('refuses a content script: same extension id, a web page’s address', async () => {
    const contentScript = { id: fakeBrowser.runtime.id, url: 'https://example.com/article' };
    expect(isTrustedSender(contentScript)).toBe(false);
    expect(await send('getLentAccess', { refresh: true }, contentScript)).toEqual(NOT_ALLOWED);
    expect(await send('getSession', undefined, contentScript)).toEqual(NOT_ALLOWED);
  });

  it('refuses another extension, and a sender without an address', async () => {
    const other = { id: 'another-extension', url: 'chrome-extension://another-extension/popup.html' };
    expect(await send('getLentAccess', {}, other)).toEqual(NOT_ALLOWED);
    expect(await send('getSession', undefined, { id: fakeBrowser.runtime.id })).toEqual(NOT_ALLOWED);
  });

  it('refuses an address that only starts like the extension’s origin', () => {
    const origin = fakeBrowser.runtime.getURL('/');
    expect(isTrustedSender({ id: fakeBrowser.runtime.id, url: `${origin.slice(0, -1)}.evil.example/` })).toBe(false);
  });
});
