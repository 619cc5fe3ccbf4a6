import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchWithExtension, openPopup } from '../tests/e2e/browser';
import { signUpInOptions } from '../tests/e2e/flows';
import { freePort, startServerProcess } from '../tests/e2e/server-process';
import { startTestSite } from '../tests/e2e/test-site';
import { summary } from './stats';

/** In Chromium with the built extension: toolbar click → form ready, and Save click → gem confirmed. */
export async function benchPopup(saves: number): Promise<string[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'trove-bench-popup-'));
  const server = await startServerProcess({ port: await freePort(), dataDir });
  const site = await startTestSite();
  const ctx = await launchWithExtension();
  try {
    const options = await signUpInOptions(ctx, server.url, { username: 'benchuser', email: 'bench@example.test', password: 'bench password' });
    await options.close();

    const opens: number[] = [];
    const confirms: number[] = [];
    const article = await ctx.browser.newPage();
    for (let i = 0; i < saves; i++) {
      await article.goto(`${site.url}/blog-post.html?n=${i}`);
      const clicked = performance.now();
      const popup = await openPopup(ctx, article);
      await popup.waitForSelector('#gem-title');
      opens.push(performance.now() - clicked);
      // Timed inside the popup, so only the click → confirmation path is measured.
      const ms = await popup.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const start = performance.now();
            const observer = new MutationObserver(() => {
              if (document.querySelector('.alert-success')) {
                observer.disconnect();
                resolve(performance.now() - start);
              }
            });
            observer.observe(document.body, { subtree: true, childList: true });
            (document.querySelector('button[type="submit"]') as HTMLButtonElement).click();
          }),
      );
      confirms.push(ms);
      await popup.close().catch(() => {});
    }
    return [
      summary('popup: toolbar click → form ready', opens),
      summary('popup: Save click → gem confirmed', confirms, 50),
    ];
  } finally {
    await ctx.close();
    await server.stop();
    await site.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
