import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { openApiDocument } from '../../server/http/openapi';

/**
 * Checks real answers of the server suite against the OpenAPI document (/api/openapi.json): every answer the test
 * clients (harness.ts, api-routes.ts) receive from a route of the contract must have a status the document gives
 * that route, and a JSON body its schema for that status takes. Routes not yet in the contract are not checked.
 */

interface Operation {
  pattern: RegExp;
  /** Literal characters of the path: a literal segment wins over a parameter (`/chats/history` over `/chats/{id}`). */
  weight: number;
  key: string;
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
}

const document = openApiDocument();
// zod writes a `pattern` beside these two formats, which checks the value: the formats are known and left to it
// (unknown, each would be a warning per schema compiled)
const ajv = new Ajv2020({
  strict: false,
  allErrors: true,
  formats: { 'date-time': true, uuid: true },
});
ajv.addSchema({ $id: 'trove', components: document.components } as object);
/** Compiled validators by schema object, and by schema text: the routes' many copies of one schema compile once. */
const validators = new Map<object, ValidateFunction>();
const validatorsByText = new Map<string, ValidateFunction>();

/** Refs to the document's components, resolved in the schema registered as `trove`. */
const rebased = (text: string): object =>
  JSON.parse(text.replaceAll('"$ref":"#/components/', '"$ref":"trove#/components/'));

function validatorOf(schema: object): ValidateFunction {
  let validate = validators.get(schema);
  if (validate) return validate;
  const text = JSON.stringify(schema);
  validate = validatorsByText.get(text);
  if (!validate) {
    validate = ajv.compile(rebased(text));
    validatorsByText.set(text, validate);
  }
  validators.set(schema, validate);
  return validate;
}

/** The operations of each method, the most literal path first (see `Operation.weight`). */
const operationsByMethod = new Map<string, Operation[]>();
for (const [path, methods] of Object.entries(document.paths))
  for (const [method, operation] of Object.entries(methods)) {
    const key = method.toUpperCase();
    const list = operationsByMethod.get(key) ?? [];
    list.push({
      pattern: new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+').replace(/\./g, '\\.')}$`),
      weight: path.replace(/\{\w+\}/g, '').length,
      key: `${key} ${path}`,
      responses: (operation as { responses: Operation['responses'] }).responses,
    });
    operationsByMethod.set(key, list);
  }
for (const list of operationsByMethod.values()) list.sort((a, b) => b.weight - a.weight);

const covered = new Set<string>();

/**
 * Operations found, by method and path with its all-digit segments as `0`: no route has a literal all-digit segment,
 * so every id finds the same one (a search of all the operations per request was ~0.1 ms of each).
 */
const found = new Map<string, Operation | undefined>();

function operationOf(method: string, url: string): Operation | undefined {
  const key = `${method.toUpperCase()} ${new URL(url, 'http://x').pathname.replace(/(?<=\/)\d+(?=\/|$)/g, '0')}`;
  if (found.has(key)) return found.get(key);
  if (found.size > 10_000) found.clear();
  const operation = searchOperation(method, url);
  found.set(key, operation);
  return operation;
}

function searchOperation(method: string, url: string): Operation | undefined {
  const path = new URL(url, 'http://x').pathname;
  // `/api/…` is never a public page's `/{username}/{slug}` (api is a reserved username)
  const api = path.startsWith('/api/');
  return operationsByMethod
    .get(method.toUpperCase())
    ?.find((o) => o.key.includes(' /api/') === api && o.pattern.test(path));
}

/**
 * Throws when `body` (JSON, or text when the answer was not JSON) is not what the document says `method url` answers
 * with `status`.
 */
export function checkDocumented(
  method: string,
  url: string,
  status: number,
  contentType: string | null,
  body: unknown,
) {
  const operation = operationOf(method, url);
  if (!operation) return;
  covered.add(operation.key);
  const response = operation.responses[String(status)];
  if (!response) throw new Error(`${operation.key} answered ${status}, a status its definition does not give`);
  const json = response.content?.['application/json'];
  if (!json) return;
  if (!contentType?.startsWith('application/json'))
    throw new Error(`${operation.key} answered ${status} as ${contentType}, documented as JSON`);
  const validate = validatorOf(json.schema ?? {});
  if (!validate(body))
    throw new Error(
      `${operation.key} answered ${status} with a body its documented schema refuses: ${ajv.errorsText(validate.errors)}`,
    );
}

/** Leaves the routes this test file checked in test-output/documented-responses/ (one file per test process). */
process.on('exit', () => {
  if (covered.size === 0) return;
  const dir = join(process.cwd(), 'test-output/documented-responses');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${process.pid}-${Date.now()}.txt`), `${[...covered].sort().join('\n')}\n`);
});
