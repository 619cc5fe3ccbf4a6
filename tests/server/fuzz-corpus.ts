/**
 * The fuzz test's corpus: from a route's valid request (tests/server/api-routes.ts), the bad requests
 * to send, each with what its answer must say. Requests are built lazily (some bodies are megabytes).
 */
import { type Fixtures, multipart, type RouteCase, rawQuery, validRequest, type WireRequest } from './api-routes';

// biome-ignore lint/suspicious/noExplicitAny: arbitrary JSON being mutated
type Json = any;

export interface FuzzCase {
  label: string;
  build: () => WireRequest;
  /** The field the mutation touched: a 400 must name it (or a part of it), in its field errors or its message. */
  field?: string;
  /** The only statuses acceptable (besides 429, a rate limit). Default: anything below 500. */
  expect?: number[];
  /** A field every 400 of the route may name instead: the valid request's one-time secret the fuzz cannot hold. */
  refusedAs?: string;
}

/** `count` of `items`, taken in turn from the `turn`th pick on: turns 0, 1, 2… together go through all of them. */
export function inTurn<T>(items: T[], turn: number, count: number): T[] {
  if (!items.length) return [];
  return Array.from({ length: Math.min(count, items.length) }, (_, i) => items[(turn * count + i) % items.length] as T);
}

export const NUL_TEXT = (value: string) => `${value.slice(0, 1)}\u0000${value.slice(1)}`;

/** Values of the wrong type for any field (null, which a nullable column may get, goes to every field). */
const WRONG_TYPES: Json[] = [true, 0, 1.5, 'x', '', [], {}];
/** Numbers a query may get as they are: past PostgreSQL's integer, and negative (every numeric field gets them). */
const EDGE_NUMBERS: Json[] = [2 ** 31, 1e21, -1];
/** Ids (and other numbers) in every other shape a loose parser might accept. */
const ODD_NUMBERS: Json[] = [true, '00001', '0x10', '1e3', ' 1', '1', '-1', 0, 1.5, '\u0000', [1]];
const HUGE = 'h'.repeat(120_000);
const DEEP = 10_000;

/** Bytes past the 5 MB body limit, made once: the middle of every route's oversized body (`oversized`). */
let pad: Uint8Array | undefined;

/** `sample` with a `pad` string past the body limit, as parts of JSON text (the padding's bytes shared). */
function oversized(sample: Json): Uint8Array[] {
  pad ??= Buffer.alloc(5 * 1024 * 1024 + 10, 'p');
  const text = JSON.stringify({ ...sample, pad: '' });
  if (!text.endsWith('"pad":""}')) throw new Error(`a body of its own has a pad field: ${text}`);
  return [Buffer.from(text.slice(0, -2)), pad, Buffer.from(text.slice(-2))];
}

const deepArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** Every node under the root of a JSON value, with its path. */
function nodesOf(value: Json, prefix: (string | number)[] = []): { path: (string | number)[]; value: Json }[] {
  if (value === null || typeof value !== 'object') return [];
  const entries: [string | number, Json][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  return entries.flatMap(([key, child]) => [
    { path: [...prefix, key], value: child },
    ...nodesOf(child, [...prefix, key]),
  ]);
}

const REMOVE = Symbol('remove');

/** A copy of `root` with the node at `path` replaced (or removed). */
function replaceAt(root: Json, path: (string | number)[], replacement: Json): Json {
  const copy = structuredClone(root);
  let holder = copy;
  for (const key of path.slice(0, -1)) holder = holder[key];
  const last = path.at(-1) as string | number;
  if (replacement === REMOVE) {
    if (Array.isArray(holder)) holder.splice(last as number, 1);
    else delete holder[last];
  } else holder[last] = replacement;
  return copy;
}

/**
 * The bad variants of one JSON value (a body, or the gem fields of a multipart `data`), with the field each touches.
 */
export function jsonMutations(sample: Json, routeTurn = 0): { label: string; value: Json; field?: string }[] {
  const out: { label: string; value: Json; field?: string }[] = [];
  for (const [index, { path, value }] of nodesOf(sample).entries()) {
    // the route's place shifts the pick, so routes with a field or two still go through every variant between them
    const turn = routeTurn + index;
    const field = path.join('.');
    // Text that is fine once cleaned (NUL, lone surrogates) is accepted, or refused for another reason (never a 5xx; a
    // 400 names the field).
    const put = (label: string, replacement: Json) =>
      out.push({ label: `${field} ${label}`, value: replaceAt(sample, path, replacement), field });
    const json = JSON.stringify(value);
    // The field missing or null: every field.
    if (typeof path.at(-1) === 'string') put('removed', REMOVE);
    if (value !== null) put('= null', null);
    const wrong = WRONG_TYPES.filter((w) => JSON.stringify(w) !== json);
    for (const other of inTurn(wrong, turn, 1)) put(`= ${JSON.stringify(other)}`, other);
    if (typeof value === 'number') {
      for (const edge of EDGE_NUMBERS) put(`= ${JSON.stringify(edge)}`, edge);
      for (const odd of inTurn(ODD_NUMBERS, turn, 1)) put(`= ${JSON.stringify(odd)}`, odd);
    }
    if (typeof value === 'string') {
      put('with NUL', NUL_TEXT(value));
      // One lone surrogate per field, high and low in turn: both are cleaned by the same code.
      if (index % 2) put('with a lone high surrogate', `${value}\ud800`);
      else put('with a lone low surrogate', `\udc00${value}`);
      put('huge', HUGE);
    }
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      put('with an unknown NUL key', { ...value, 'zz\u0000\ud800': 1 });
    }
  }
  out.push({ label: 'unknown top-level field', value: { ...sample, zzUnknown: '\u0000' } });
  return out;
}

const JSON_TYPE = { 'Content-Type': 'application/json' };
const WRONG_CONTENT_TYPES = [
  'text/plain',
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
  'application/jsonp',
  'application/json-patch',
];

function jsonCases(route: RouteCase, f: Fixtures, valid: WireRequest, turn: number): FuzzCase[] {
  const sample: Json = route.json?.(f);
  // The body is made when the request is sent: made here, the corpus's megabytes took ~10 s of CPU before the first.
  const withBody =
    (body: () => NonNullable<WireRequest['body']>, headers: Record<string, string> = JSON_TYPE) =>
    (): WireRequest => ({
      ...valid,
      headers: { ...valid.headers, ...headers },
      body: body(),
    });
  const cases: FuzzCase[] = jsonMutations(sample, turn).map((m) => ({
    label: m.label,
    field: m.field,
    build: withBody(() => JSON.stringify(m.value)),
  }));
  const text = JSON.stringify(sample);
  // The body as a whole: what reaches a query on every route, the rest (read by the contract's shared body reader) in turn.
  const firstKey = Object.keys(sample)[0] as string;
  cases.push(
    {
      label: `${DEEP} nested arrays in ${firstKey}`,
      field: firstKey,
      build: withBody(() => text.replace(`"${firstKey}":`, `"${firstKey}":${deepArrays(DEEP)},"zz":`)),
      expect: [400],
    },
    {
      label: 'body over 5 MB',
      build: withBody(() => oversized(sample)),
      // the import takes bodies of up to MAX_IMPORT_BYTES (body-limit.test.ts): read like any other
      expect: valid.target.startsWith('/api/collection-import') ? undefined : [413],
    },
    {
      label: '300 kB in every string field',
      build: withBody(() => JSON.stringify(fillStrings(sample, 'f'.repeat(300_000)))),
    },
  );
  const whole: FuzzCase[] = WRONG_CONTENT_TYPES.map((type) => ({
    label: `Content-Type ${type}`,
    build: withBody(() => text, { 'Content-Type': type }),
    expect: [415],
  }));
  whole.push(
    {
      label: 'no Content-Type',
      build: () => ({ ...valid, headers: stripType(valid.headers), body: new TextEncoder().encode(text) }),
      expect: [415],
    },
    {
      label: 'multipart instead of JSON',
      build: () => ({ ...valid, headers: stripType(valid.headers), body: multipart({ data: text }) }),
      expect: [415],
    },
    {
      label: 'application/vnd.api+json is JSON',
      build: withBody(() => text, { 'Content-Type': 'application/vnd.api+json; charset=utf-8' }),
    },
    ...['null', '[]', '"x"', '1', 'true', '', '{', '{"a":1}{', '\u0000'].map((body) => ({
      label: `body ${JSON.stringify(body)}`,
      build: withBody(() => body),
      expect: [400],
    })),
    {
      label: 'body {"__proto__":…}',
      build: withBody(() => '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}'),
    },
    { label: `${DEEP} nested arrays`, build: withBody(() => deepArrays(DEEP)), expect: [400] },
    { label: `${DEEP} nested objects`, build: withBody(() => deepObjects(DEEP)), expect: [400] },
  );
  cases.push(...inTurn(whole, turn, 2));
  return cases;
}

/** `value` with every string replaced by `text`. */
function fillStrings(value: Json, text: string): Json {
  if (typeof value === 'string') return text;
  if (Array.isArray(value)) return value.map((v) => fillStrings(v, text));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillStrings(v, text)]));
  return value;
}

const stripType = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([k]) => k.toLowerCase() !== 'content-type'));

/** Raw (already percent-encoded) query values every key gets: past PostgreSQL's integer, NUL, not UTF-8, long. */
const EDGE_QUERY_VALUES = ['2147483648', '%00', '%ED%A0%80', 'q'.repeat(6000)];
/** The other raw query values (odd numbers, more NUL and broken encodings), a few per key in turn. */
const ODD_QUERY_VALUES = [
  '00001',
  '0x10',
  '1e3',
  '%201',
  '-1',
  '0',
  '1.5',
  '99999999999999999999',
  'true',
  '',
  'a%00b',
  '%F0%9F',
  '%',
];

function queryCases(route: RouteCase, f: Fixtures, valid: WireRequest, turn: number): FuzzCase[] {
  const path = route.path(f);
  const pairs = Object.entries(route.query?.(f) ?? {}).map(
    ([k, v]) => [encodeURIComponent(k), encodeURIComponent(v)] as [string, string],
  );
  const at = (target: string) => (): WireRequest => ({ ...valid, target });
  const cases: FuzzCase[] = [];
  for (const [i, [key]] of pairs.entries()) {
    const others = pairs.filter((_, j) => j !== i);
    const odd = (value: string) =>
      cases.push({
        label: `?${key}=${value.slice(0, 20)}`,
        field: key,
        build: at(`${path}${rawQuery([...others, [key, value]])}`),
      });
    for (const value of EDGE_QUERY_VALUES) odd(value);
    for (const value of inTurn(ODD_QUERY_VALUES, turn + i, 1)) odd(value);
    cases.push({ label: `?${key} twice`, field: key, build: at(`${path}${rawQuery([...pairs, [key, 'x']])}`) });
    cases.push({ label: `?${key} removed`, field: key, build: at(`${path}${rawQuery(others)}`) });
  }
  cases.push({
    label: 'junk query',
    build: at(
      `${path}${rawQuery([...pairs, ['%00', '%00'], ['%ED%A0%80', '%ED%A0%80'], ['page', '0x10'], ['search', '%00']])}`,
    ),
  });
  return cases;
}

/** Odd spellings of a path parameter: of the real id (must not resolve to it), NUL, bytes that are not UTF-8. */
function pathCases(route: RouteCase, f: Fixtures, valid: WireRequest, turn: number): FuzzCase[] {
  const index = route.pattern.split('/').findIndex((segment) => segment.startsWith(':'));
  if (index < 0) return [];
  const segments = route.path(f).split('/');
  const real = segments[index] as string;
  const numeric = /^[0-9]+$/.test(real);
  // Past PostgreSQL's integer, NUL, not UTF-8 and long on every route; other spellings (the id's own among them) in turn.
  const edge = ['2147483648', '%00', '%ED%A0%80', 'p'.repeat(2000)];
  const odd = [
    ...(numeric
      ? [
          `0${real}`,
          `00${real}`,
          `0x${Number(real).toString(16)}`,
          `${real}.0`,
          `+${real}`,
          `%20${real}`,
          `${real}%20`,
          `${real}e0`,
          `-${real}`,
        ]
      : [`${real}%00`, real.toUpperCase() === real ? `${real}x` : `%20${real}`]),
    '0',
    '99999999999999999999',
    'true',
    'a%00b',
  ];
  const query = valid.target.includes('?') ? valid.target.slice(valid.target.indexOf('?')) : '';
  // the few routes with a name as parameter get more of its spellings, so each is sent to one of them
  return [...edge, ...inTurn(odd, turn, numeric ? 1 : 3)].map((value) => ({
    label: `path ${value.slice(0, 20)}`,
    // An id spelled any other way than plain digits must not find the row; a name (provider, file) is cleaned, then
    // resolved.
    expect: numeric ? [400, 404] : undefined,
    build: () => {
      const target = [...segments.slice(0, index), value, ...segments.slice(index + 1)].join('/');
      return { ...valid, target: `${target}${query}` };
    },
  }));
}

const ODD_KEYS = ['short', 'é'.repeat(20), 'k'.repeat(300), 'has spaces in it', 'quote"key12'];

function headerCases(valid: WireRequest): FuzzCase[] {
  return ODD_KEYS.map((key) => ({
    label: `Idempotency-Key ${key.slice(0, 20)}`,
    field: 'Idempotency-Key',
    expect: [400],
    build: () => ({ ...valid, headers: { ...valid.headers, 'Idempotency-Key': key } }),
  }));
}

function formCases(route: RouteCase, f: Fixtures, valid: WireRequest, turn: number): FuzzCase[] {
  const fields = route.form?.(f) ?? {};
  const form =
    (text: Record<string, string>, withFile = !route.textOnlyForm) =>
    (): WireRequest => ({ ...valid, body: multipart(text, withFile) });
  const cases: FuzzCase[] = [
    {
      label: 'JSON instead of multipart',
      expect: [400],
      build: () => ({ ...valid, headers: { ...valid.headers, ...JSON_TYPE }, body: JSON.stringify(fields) }),
    },
    {
      label: 'text/plain instead of multipart',
      expect: [400],
      build: () => ({ ...valid, headers: { ...valid.headers, 'Content-Type': 'text/plain' }, body: 'x' }),
    },
    {
      label: 'broken multipart',
      expect: [400],
      build: () => ({
        ...valid,
        headers: { ...valid.headers, 'Content-Type': 'multipart/form-data; boundary=zz' },
        body: '--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\nx',
      }),
    },
    ...(route.textOnlyForm ? [] : [{ label: 'no file', expect: [400], build: form(fields, false) }]),
    {
      label: 'NUL and lone surrogates in field names',
      build: form({ ...fields, 'n\u0000ame\ud800': 'v\u0000\udc00' }),
    },
  ];
  for (const [name, value] of Object.entries(fields)) {
    for (const odd of [NUL_TEXT(value), `${value}\ud800`, '', '\u0000', 'x', HUGE]) {
      cases.push({
        label: `${name}=${JSON.stringify(odd.slice(0, 20))}`,
        field: name,
        build: form({ ...fields, [name]: odd }),
      });
    }
    if (name === 'data') {
      const sample = JSON.parse(value);
      for (const m of jsonMutations(sample, turn)) {
        cases.push({
          label: `data: ${m.label}`,
          field: m.field ? `data.${m.field}` : 'data',
          build: form({ ...fields, data: JSON.stringify(m.value) }),
        });
      }
      for (const body of ['null', '[]', '{', deepArrays(DEEP), deepObjects(DEEP)]) {
        cases.push({
          label: `data ${body.slice(0, 10)}`,
          field: 'data',
          expect: [400],
          build: form({ ...fields, data: body }),
        });
      }
    }
  }
  return cases;
}

/** The bad requests for one route; `turn` (the route's place in the list) picks the variants it gets in turn. */
export function fuzzCases(route: RouteCase, f: Fixtures, turn: number): FuzzCase[] {
  const valid = validRequest(route, f);
  const label = `${route.method} ${route.pattern}`;
  const cases = [
    ...(route.json ? jsonCases(route, f, valid, turn) : []),
    ...(route.form ? formCases(route, f, valid, turn) : []),
    ...queryCases(route, f, valid, turn),
    ...pathCases(route, f, valid, turn),
    ...(route.idempotent ? headerCases(valid) : []),
  ];
  return cases.map((c) => ({ ...c, label: `${label}: ${c.label}`, refusedAs: route.refusedAs }));
}
