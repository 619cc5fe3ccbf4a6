import { defineConfig } from 'wxt';
import { storeSafeBundles } from './scripts/store-safe-bundles';

export default defineConfig({
  modules: ['@wxt-dev/module-react'],
  outDir: '.output',
  vite: () => ({ plugins: [storeSafeBundles()] }),
  hooks: {
    // The pages' small shared chunks are copied into the chunks that import them (rolldown keeps one copy's state and
    // exports for all), so a page loads a few files instead of dozens: every file a page loads costs a request the
    // browser process answers and a link the page inserts before its code runs. The library's first screen: 34 files
    // → 8, its first rows ~130 ms sooner (bench/RESULTS.md, "Fewer files"); scripts/check-bundles.ts holds the count.
    'vite:build:extendConfig': (entrypoints, config) => {
      if (!entrypoints.some((entrypoint) => entrypoint.inputPath.endsWith('.html'))) return;
      const rolldownOptions = config.build?.rolldownOptions ?? {};
      config.build = {
        ...config.build,
        rolldownOptions: {
          ...rolldownOptions,
          // Required by the inlining: the pages' entries export nothing anyway.
          preserveEntrySignatures: false,
          output: {
            ...(rolldownOptions.output as object),
            codeSplitting: {
              experimentalInlineCommonChunks: {
                // Source bytes before minifying: up to ~15 kB of a page's code copied where it is shared.
                maxSize: 32_000,
                // Chunks holding styles stay files, or Vite would emit their CSS once per copy (rolldown's guide).
                exclude: /\.(css|scss|sass|less|styl|stylus|pcss|postcss|sss)(\?|$)/,
              },
            },
          },
        },
      };
    },
  },
  manifest: ({ browser }) => ({
    name: 'Trove',
    description: 'Save anything from the browser as a gem, then chat with it.',
    // No host permissions: the page being saved is reached through activeTab (granted by the toolbar
    // click), and the Trove server answers the extension's origin with CORS.
    permissions: [
      'activeTab',
      'scripting',
      'storage',
      // Saves wait in storage.local until the server has them; an image save carries its bytes (up to ~7 MB
      // as a data: URL), and a few of them would pass Chrome's 10 MB quota. No install warning in Chrome or Firefox.
      'unlimitedStorage',
      'contextMenus',
      'alarms',
      // Single sign-on's window (identity.launchWebAuthFlow, lib/background/oidc.ts). No install warning in Chrome
      // (only identity.email has one).
      'identity',
      'notifications',
      ...(browser === 'firefox' ? [] : ['sidePanel']),
    ],
    // "Follow the active tab" in the side panel, and the library's "Import browser bookmarks": each asked for only
    // when the user turns it on or clicks it (Firefox's MV2 lists hosts among its optional permissions).
    ...(browser === 'firefox'
      ? { optional_permissions: ['<all_urls>', 'bookmarks'] }
      : { optional_permissions: ['bookmarks'], optional_host_permissions: ['<all_urls>'] }),
    // Defaults that bind in both browsers: Chromium drops a suggested key that is one of its own shortcuts
    // (Alt+Shift+C, and A B N P R T W X Z, as chrome.commands.getAll() shows), and Firefox's menu bar takes
    // Alt(+Shift)+S, F, E, V, B, T, H before an extension sees them. tests/e2e/shortcuts-and-widths.test.ts and
    // tests/e2e/firefox.test.ts check both.
    commands: {
      'save-page': { suggested_key: { default: 'Alt+Shift+G' }, description: 'Save the current page to Trove' },
      'toggle-chat': { suggested_key: { default: 'Alt+Shift+O' }, description: 'Open or close the Trove chat panel' },
      'open-library': { suggested_key: { default: 'Alt+Shift+L' }, description: 'Open the Trove library' },
    },
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            // Saved pages (their address and content) go to the Trove server the user configures.
            gecko: {
              id: 'trove@trove.local',
              data_collection_permissions: { required: ['browsingActivity', 'websiteContent'] },
            },
          },
        }
      : {}),
  }),
});
