import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

const pagesDir = fileURLToPath(new URL('../fixtures/pages/', import.meta.url));
/** A real PNG for image saves. */
export const GEM_PNG = fileURLToPath(new URL('../../public/icon/128.png', import.meta.url));

/**
 * Serves the HTML fixtures on 127.0.0.1 as pages to save (/news-article.html etc.) and one image, /assets/gem.png;
 * `requests` lists every path asked for.
 */
export async function startTestSite(): Promise<{ url: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req.url ?? '/');
    const name = (req.url ?? '/').split('?')[0]?.replace(/^\//, '') ?? '';
    if (name === 'assets/gem.png') {
      res.writeHead(200, { 'content-type': 'image/png' }).end(readFileSync(GEM_PNG));
      return;
    }
    if (!/^[a-z0-9-]+\.html$/.test(name)) {
      res.writeHead(404).end('not found');
      return;
    }
    try {
      const html = readFileSync(`${pagesDir}${name}`);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    // The browser may live on (tests/e2e/browser.ts parks it) with connections to the site still open.
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
