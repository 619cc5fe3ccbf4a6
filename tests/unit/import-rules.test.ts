import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { importViolations } from '../../scripts/import-rules';

/** scripts/import-rules.ts (`npm run lint`): the rules run by dependency-cruiser on a small tree of sources. */
const trees: string[] = [];

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'trove-imports-'));
  trees.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

afterEach(() => {
  for (const root of trees.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A house that keeps every rule: each kind of import the rules allow. */
const HOUSE = {
  'server/db/client.ts': 'export const db = { name: "db" };\n',
  'server/http/errors.ts': 'export class ApiError extends Error {}\n',
  'server/ai/providers.ts':
    "import { ApiError } from '../http/errors';\nexport const call = (text: string) => new ApiError(text);\n",
  'server/features/tags/tags.ts': "import { db } from '../../db/client';\nexport const tags = () => db;\n",
  'server/features/gems/gems.ts':
    "import { call } from '../../ai/providers';\nimport { db } from '../../db/client';\nimport { tags } from '../tags/tags';\nexport const gems = () => [db, tags(), call('x')];\n",
  'server/features/gems/routes.ts': "import { gems } from './gems';\nexport const gemRoutes = () => gems();\n",
  'server/features/gems/image-gem-routes.ts':
    "import { gemRoutes } from './routes';\nexport const imageGemRoutes = () => gemRoutes();\n",
  'server/app.ts':
    "import { imageGemRoutes } from './features/gems/image-gem-routes';\nimport { gemRoutes } from './features/gems/routes';\nexport const app = [gemRoutes, imageGemRoutes];\n",
  'lib/api/contract.ts': 'export type Gem = { id: number };\n',
  'components/GemView.tsx':
    "import type { Gem } from '@/lib/api/contract';\nexport const GemView = (gem: Gem) => gem.id;\n",
};

const named = (violations: Awaited<ReturnType<typeof importViolations>>) =>
  violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();

describe('the import rules', () => {
  it('let a house that keeps them pass', async () => {
    const root = tree(HOUSE);
    expect(await importViolations(['server', 'lib', 'components'], root)).toEqual([]);
  });

  it('name each wrong import by its rule, type-only and `@/` imports included', async () => {
    const root = tree({
      ...HOUSE,
      // server/ai reads the database, and a feature's types
      'server/ai/providers.ts':
        "import { db } from '../db/client';\nexport const call = (text: string) => [db, text];\n",
      'server/ai/tools.ts': "import type { gems } from '../features/gems/gems';\nexport type Tools = typeof gems;\n",
      // the database layer imports a part of the server
      'server/db/types.ts': "import type { ApiError } from '../http/errors';\nexport type Failure = ApiError;\n",
      // two features import each other
      'server/features/tags/tags.ts':
        "import { db } from '../../db/client';\nimport { gems } from '../gems/gems';\nexport const tags = () => [db, gems];\n",
      // a service imports a route file
      'server/features/tags/tag-counts.ts':
        "import { gemRoutes } from '../gems/routes';\nexport const counts = () => gemRoutes();\n",
      // the extension imports the server, by a relative path and by `@/`
      'lib/api/client.ts': "import { app } from '../../server/app';\nexport const client = app;\n",
      'components/GemView.tsx':
        "import type { Gem } from '@/lib/api/contract';\nimport { db } from '@/server/db/client';\nexport const GemView = (gem: Gem) => [gem.id, db];\n",
    });
    expect(named(await importViolations(['server', 'lib', 'components'], root))).toEqual([
      'ai-takes-data-in: server/ai/providers.ts → server/db/client.ts',
      'ai-takes-data-in: server/ai/tools.ts → server/features/gems/gems.ts',
      'db-imports-no-server-part: server/db/types.ts → server/http/errors.ts',
      'extension-not-server: components/GemView.tsx → server/db/client.ts',
      'extension-not-server: lib/api/client.ts → server/app.ts',
      'no-circular: server/features/gems/gems.ts → server/features/tags/tags.ts',
      'routes-are-entry-points: server/features/tags/tag-counts.ts → server/features/gems/routes.ts',
    ]);
  });
});
