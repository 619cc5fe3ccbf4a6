import { defineConfig } from 'wxt';

// A fixed public key gives the unpacked Chrome build a stable extension id (tests and docs rely on it).
const CHROME_KEY = process.env.TROVE_EXTENSION_KEY;

export default defineConfig({
  modules: ['@wxt-dev/module-react'],
  outDir: '.output',
  manifest: ({ browser }) => ({
    name: 'Trove',
    description: 'Save anything from the browser as a gem, then chat with it.',
    permissions: ['activeTab', 'scripting', 'storage', 'contextMenus', ...(browser === 'firefox' ? [] : ['sidePanel'])],
    // Host access is requested at runtime for the configured server only.
    optional_host_permissions: ['http://*/*', 'https://*/*'],
    ...(browser !== 'firefox' && CHROME_KEY ? { key: CHROME_KEY } : {}),
  }),
});
