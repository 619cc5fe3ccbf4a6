/** The options page's address for a new user: its first-run steps and Create account. */
export const WELCOME_PATH = '/options.html#welcome';

/** A fresh install opens the welcome page (not an update or a browser update). */
export function openWelcomeOnInstall() {
  browser.runtime.onInstalled.addListener(({ reason }) => {
    if (reason === 'install') void browser.tabs.create({ url: browser.runtime.getURL(WELCOME_PATH) });
  });
}
