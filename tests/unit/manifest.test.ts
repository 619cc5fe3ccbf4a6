import { describe, expect, test } from 'vitest';
import config from '../../wxt.config';

/** The manifest wxt.config.ts gives each browser's build. */
const manifestFor = async (browser: 'chrome' | 'firefox') => {
  const manifest = config.manifest;
  if (typeof manifest !== 'function') throw new Error('wxt.config.ts builds the manifest per browser');
  return manifest({ browser, manifestVersion: browser === 'firefox' ? 2 : 3, mode: 'production', command: 'build' });
};

describe('the manifest', () => {
  test.each(['chrome', 'firefox'] as const)(
    'on %s asks for unlimitedStorage: queued image saves can pass the 10 MB storage.local quota',
    async (browser) => {
      expect((await manifestFor(browser)).permissions).toContain('unlimitedStorage');
    },
  );
});

describe('the optional permissions', () => {
  test.each(['chrome', 'firefox'] as const)(
    'on %s include bookmarks (asked for by "Import browser bookmarks"), never granted at install',
    async (browser) => {
      const manifest = await manifestFor(browser);
      expect(manifest.optional_permissions).toContain('bookmarks');
      expect(manifest.permissions).not.toContain('bookmarks');
    },
  );
});
