/**
 * The OpenAPI document (/api/openapi.json), generated from the route definitions in lib/api/routes/: it describes
 * exactly the routes the server mounts, passes a standard validator, and is served with its reference page
 * (/api/docs) without sign-in. Every answer the server suite receives is checked against it (documented-responses.ts).
 */
import { rmSync } from 'node:fs';
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { pathParamNames, routeKey } from '../../lib/api/route';
import { contractRoutes } from '../../lib/api/routes';
import { createApp } from '../../server/app';
import { rateLimitSettings } from '../../server/auth/limits';
import { Generations } from '../../server/features/answers/generations';
import { newLeaseSettings } from '../../server/features/answers/leases';
import { parseAddressPolicy } from '../../server/http/address-policy';
import { openApiDocument } from '../../server/http/openapi';
import { makeOutbound } from '../../server/http/outbound';
import { localFileStore } from '../../server/storage/local-store';
import { makeDataDir, openTestDatabase, SECRET, setupTestServer } from './harness';

const t = setupTestServer();

/** `METHOD /path` of every route the app mounts (parameters written `{name}`, as the document writes them). */
async function mountedRoutes(): Promise<Set<string>> {
  const database = await openTestDatabase();
  const dir = makeDataDir();
  try {
    const app = createApp({
      db: database.db,
      tokens: { secret: SECRET, accessTokenTtlSeconds: 60, refreshTokenTtlSeconds: 60 },
      files: { store: localFileStore(dir) },
      adminToken: 'openapi-admin-token-0123456789',
      ai: {
        secret: SECRET,
        startingCredits: 0,
        leaseSeconds: 30,
        outbound: makeOutbound(parseAddressPolicy('public')),
      },
      generations: new Generations(newLeaseSettings(30)),
      requests: { limits: rateLimitSettings(undefined), trustedProxies: 0 },
    });
    return new Set(
      app.routes
        .filter((r) => r.method !== 'ALL')
        .map((r) => `${r.method} ${r.path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}')}`),
    );
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const documentedRoutes = (document: ReturnType<typeof openApiDocument>) =>
  new Set(
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    ),
  );

describe('the OpenAPI document', () => {
  it('describes every route the server mounts and no other', async () => {
    const mounted = await mountedRoutes();
    const documented = documentedRoutes(openApiDocument());
    expect(
      [...mounted].filter((r) => !documented.has(r)),
      'mounted, but not documented',
    ).toEqual([]);
    expect(
      [...documented].filter((r) => !mounted.has(r)),
      'documented, but not mounted',
    ).toEqual([]);
  });

  it('has one definition per route, each path parameter with its schema', () => {
    const routes = contractRoutes();
    const keys = routes.map(({ route }) => routeKey(route));
    expect(keys.length - new Set(keys).size).toBe(0);
    for (const { id, route } of routes)
      expect(Object.keys(route.params?.shape ?? {}).sort(), id).toEqual(pathParamNames(route.path).sort());
  });

  it('defines the AI settings, custom endpoint and memory routes, so the server suite checks their answers', () => {
    const operations = Object.entries(openApiDocument().paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(
        ([method, op]) => [`${method.toUpperCase()} ${path}`, (op as { operationId: string }).operationId] as const,
      ),
    );
    const ours = operations.filter(([key]) => /^\w+ \/api\/(ai-|user-models|change-|memories)/.test(key));
    expect(Object.fromEntries(ours)).toEqual({
      'GET /api/ai-models': 'aiSettings.models',
      'GET /api/user-models': 'aiSettings.userModels',
      'GET /api/ai-settings': 'aiSettings.get',
      'PUT /api/ai-settings': 'aiSettings.update',
      'POST /api/ai-settings/select-model': 'aiSettings.selectModel',
      'PUT /api/ai-settings/keys/{provider}': 'aiSettings.setKey',
      'DELETE /api/ai-settings/keys/{provider}': 'aiSettings.removeKey',
      'POST /api/change-provider-status': 'aiSettings.providerStatus',
      'POST /api/change-model-status': 'aiSettings.modelStatus',
      'GET /api/ai-endpoints': 'aiEndpoints.list',
      'POST /api/ai-endpoints': 'aiEndpoints.create',
      'POST /api/ai-endpoints/test': 'aiEndpoints.testNew',
      'POST /api/ai-endpoints/{id}/test': 'aiEndpoints.test',
      'POST /api/ai-endpoints/{id}/refresh': 'aiEndpoints.refresh',
      'PUT /api/ai-endpoints/{id}/context-length': 'aiEndpoints.setContextLength',
      'DELETE /api/ai-endpoints/{id}': 'aiEndpoints.remove',
      'GET /api/memories': 'memories.list',
      'POST /api/memories': 'memories.create',
      'GET /api/memories/{id}': 'memories.get',
      'PUT /api/memories/{id}': 'memories.update',
      'DELETE /api/memories/{id}': 'memories.remove',
    });
  });

  it('passes the OpenAPI 3.1 validator of @apidevtools/swagger-parser', async () => {
    // the validator dereferences the document it is given in place: it gets a copy
    const validated = await SwaggerParser.validate(structuredClone(openApiDocument()) as never);
    expect('openapi' in validated && validated.openapi).toBe('3.1.0');
    expect(Object.keys(validated.paths ?? {})).toEqual(Object.keys(openApiDocument().paths));
  });

  it('is served at /api/openapi.json without sign-in', async () => {
    const res = await t.api('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.paths['/api/tags'].post.operationId).toBe('tags.create');
    expect(documentedRoutes(res.body)).toEqual(documentedRoutes(openApiDocument()));
  });
});

describe('the reference page', () => {
  it('is served at /api/docs without sign-in, loading only this server’s scripts', async () => {
    const res = await fetch(`${t.url}/api/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(res.headers.get('Content-Security-Policy')).toContain("script-src 'self'");
    const page = await res.text();
    const scripts = [...page.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts).toEqual(['/api/docs/swagger-ui-bundle.js', '/api/docs/start.js']);
    expect(page).not.toMatch(/https?:\/\//);
  });

  it('serves Swagger UI’s files and its start script, and nothing else under /api/docs', async () => {
    const bundle = await fetch(`${t.url}/api/docs/swagger-ui-bundle.js`);
    expect(bundle.headers.get('Content-Type')).toMatch(/^text\/javascript/);
    expect(await bundle.text()).toContain('SwaggerUIBundle');
    const start = await fetch(`${t.url}/api/docs/start.js`);
    expect(await start.text()).toContain("url: '/api/openapi.json'");
    const css = await fetch(`${t.url}/api/docs/swagger-ui.css`);
    expect([css.status, css.headers.get('Content-Type')]).toEqual([200, 'text/css; charset=utf-8']);
    const other = await t.api('/api/docs/package.json');
    expect([other.status, other.body.error.message]).toEqual([404, 'Not found']);
  });
});
