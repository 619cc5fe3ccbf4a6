import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { referenceApi } from '../../lib/api/routes/reference';
import { contractRoutes } from './contract-routes';
import { ApiError } from './errors';
import { openApiDocument } from './openapi';

/**
 * /api/openapi.json and /api/docs, the reference page: Swagger UI (the npm package swagger-ui-dist), served from
 * this server, never from an outside address. The server build copies its files to `api-docs/` beside the bundle
 * (scripts/build-server.ts); run from source, they are read from node_modules.
 */

/** The files of swagger-ui-dist the page loads, copied by the server build. */
export const SWAGGER_UI_FILES = ['swagger-ui.css', 'swagger-ui-bundle.js'] as const;

function swaggerUiFolder(): string {
  const built = fileURLToPath(new URL('./api-docs', import.meta.url));
  if (existsSync(built)) return built;
  return dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}

const START_SCRIPT = `window.addEventListener('load', () => {
  window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#reference', deepLinking: true, validatorUrl: null });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Trove API reference</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<div id="reference"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/start.js"></script>
</body>
</html>
`;

/** Scripts only from this server; Swagger UI sets inline styles and draws its icons as data: images. */
const PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "connect-src 'self'; font-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const CONTENT_TYPES: Record<string, string> = {
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
};

export function referenceRoutes() {
  let document: ReturnType<typeof openApiDocument> | undefined;
  const files = new Map<string, string>([['start.js', START_SCRIPT]]);
  const folder = swaggerUiFolder();
  const fileText = (name: string) => {
    if (!files.has(name) && (SWAGGER_UI_FILES as readonly string[]).includes(name))
      files.set(name, readFileSync(join(folder, name), 'utf8'));
    return files.get(name);
  };
  return contractRoutes('/api')
    .implement(referenceApi.openapi, () => {
      document ??= openApiDocument();
      return { status: 200, body: document };
    })
    .implement(referenceApi.docs, (c) =>
      c.html(PAGE, 200, { 'Content-Security-Policy': PAGE_CSP, 'X-Content-Type-Options': 'nosniff' }),
    )
    .implement(referenceApi.docsAsset, (c, { params }) => {
      const text = fileText(params.file);
      if (text === undefined) throw new ApiError(404, 'Not found');
      const type = CONTENT_TYPES[params.file.split('.').at(-1) ?? ''] ?? 'application/octet-stream';
      return c.body(text, 200, { 'Content-Type': type, 'Cache-Control': 'public, max-age=3600' });
    }).app;
}
