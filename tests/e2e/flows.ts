import type { ExtensionBrowser } from './browser';
import { openExtensionPage } from './browser';

/** As a person would: point the options page at the server and create an account there. */
export async function signUpInOptions(ctx: ExtensionBrowser, serverUrl: string, user: { username: string; email: string; password: string }) {
  const options = await openExtensionPage(ctx, 'options.html');
  const serverField = await options.waitForSelector('#server-url');
  await serverField?.click({ count: 3 });
  await serverField?.type(serverUrl);
  await options.click('::-p-text(Save server)');
  await options.waitForSelector('::-p-text(Server saved)');
  await options.click('[role="tab"]::-p-text(Create account)');
  await options.type('#signup-username', user.username);
  await options.type('#signup-email', user.email);
  await options.type('#signup-password', user.password);
  await options.click('button[type="submit"]::-p-text(Create account)');
  await options.waitForSelector('.signed-in-as');
  return options;
}
