import { cruise, type ICruiseOptions, type IForbiddenRuleType, type IViolation } from 'dependency-cruiser';

/**
 * The import boundaries `npm run lint` keeps (README, "Layout"), checked by dependency-cruiser.
 * Type-only imports count: a circle of types is still a circle to read.
 */
/** A feature's route files: `routes.ts`, or `<what>-routes.ts` when it has several. */
const ROUTES = '^server/features/[^/]+/[a-z-]*routes\\.ts$';

export const IMPORT_RULES: IForbiddenRuleType[] = [
  {
    name: 'no-circular',
    comment: 'Modules that import each other cannot be read, tested or moved one at a time.',
    severity: 'error',
    from: {},
    to: { circular: true },
  },
  {
    name: 'ai-takes-data-in',
    comment:
      'server/ai talks to AI providers with what it is given; reading and writing the database belongs to a feature.',
    severity: 'error',
    from: { path: '^server/ai/' },
    to: { path: '^server/(features|db)/' },
  },
  {
    name: 'db-imports-no-server-part',
    comment: 'Every part of the server uses server/db; the database layer itself depends on none of them.',
    severity: 'error',
    from: { path: '^server/db/' },
    to: { path: '^server/', pathNot: '^server/db/' },
  },
  {
    name: 'routes-are-entry-points',
    comment: "A feature's routes are mounted by server/app.ts; services never import them.",
    severity: 'error',
    from: { path: '^server/', pathNot: `${ROUTES}|^server/app\\.ts$` },
    to: { path: ROUTES },
  },
  {
    name: 'extension-not-server',
    comment: 'The extension is built from lib/, components/ and entrypoints/; server code must not end up in it.',
    severity: 'error',
    from: { path: '^(lib|components|entrypoints)/' },
    to: { path: '^server/' },
  },
];

/** The folders `npm run lint` checks. */
export const CHECKED_FOLDERS = ['server', 'lib', 'components', 'entrypoints'];

/**
 * The rule violations among the modules under `folders` of `baseDir`. TypeScript 7 has no compiler API
 * for dependency-cruiser, so sources are parsed with swc; `@/` is the root, as in .wxt/tsconfig.json.
 */
export async function importViolations(folders: string[], baseDir: string): Promise<IViolation[]> {
  const options: ICruiseOptions = {
    baseDir,
    validate: true,
    ruleSet: { forbidden: IMPORT_RULES },
    parser: 'swc',
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|\\.output|\\.wxt)/' },
  };
  const result = await cruise(folders, options, {
    extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    alias: { '@': baseDir },
  });
  if (typeof result.output === 'string') throw new Error('dependency-cruiser answered text, not a result');
  return result.output.summary.violations;
}

/** One line per violation: the rule, the import, and a circle's whole path. */
export const describeViolation = (violation: IViolation) =>
  `${violation.rule.name}: ${violation.from} → ${violation.to}${
    violation.cycle?.length
      ? ` (circle: ${[violation.from, ...violation.cycle.map((step) => step.name)].join(' → ')})`
      : ''
  }`;
