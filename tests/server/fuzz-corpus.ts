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
}

export const NUL_TEXT = (value: string) => `${value.slice(0, 1)}\u0000${value.slice(1)}`;

/** Values of the wrong type for any field. */
const WRONG_TYPES: Json[] = [null, true, 0, 1.5, 'x', '', [], {}];
/** Ids (and other numbers) in every shape a loose parser might accept. */
const ODD_NUMBERS: Json[] = [true, '00001', '0x10', '1e3', ' 1', '1', '-1', -1, 0, 1.5, 2 ** 31, 1e21, '\u0000', [1]];
const HUGE = 'h'.repeat(120_000);
const DEEP = 10_000;

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
export function jsonMutations(sample: Json): { label: string; value: Json; field?: string }[] {
  const out: { label: string; value: Json; field?: string }[] = [];
  for (const { path, value } of nodesOf(sample)) {
    const field = path.join('.');
    const put = (label: string, replacement: Json) =>
      out.push({ label: `${field} ${label}`, value: replaceAt(sample, path, replacement), field });
    // Text that is fine once cleaned: accepted, or refused for another reason (never a 5xx; a 400 names the field).
    const putText = (label: string, replacement: string) =>
      out.push({ label: `${field} ${label}`, value: replaceAt(sample, path, replacement), field });
    if (typeof path.at(-1) === 'string') put('removed', REMOVE);
    for (const wrong of WRONG_TYPES)
      if (JSON.stringify(wrong) !== JSON.stringify(value)) put(`= ${JSON.stringify(wrong)}`, wrong);
    if (typeof value === 'number') for (const odd of ODD_NUMBERS) put(`= ${JSON.stringify(odd)}`, odd);
    if (typeof value === 'string') {
      putText('with NUL', NUL_TEXT(value));
      putText('with a lone high surrogate', `${value}\ud800`);
      putText('with a lone low surrogate', `\udc00${value}`);
      put('huge', HUGE);
    }
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      out.push({
        label: `${field} with an unknown NUL key`,
        value: replaceAt(sample, path, { ...value, 'zz\u0000\ud800': 1 }),
        field,
      });
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

function jsonCases(route: RouteCase, f: Fixtures, valid: WireRequest): FuzzCase[] {
  const sample: Json = route.json?.(f);
  const withBody =
    (body: string | Uint8Array<ArrayBuffer> | FormData, headers: Record<string, string> = JSON_TYPE) =>
    (): WireRequest => ({
      ...valid,
      headers: { ...valid.headers, ...headers },
      body,
    });
  const cases: FuzzCase[] = jsonMutations(sample).map((m) => ({
    label: m.label,
    field: m.field,
    build: withBody(JSON.stringify(m.value)),
  }));
  const text = JSON.stringify(sample);
  for (const type of WRONG_CONTENT_TYPES)
    cases.push({ label: `Content-Type ${type}`, build: withBody(text, { 'Content-Type': type }), expect: [415] });
  cases.push({
    label: 'no Content-Type',
    build: () => ({ ...valid, headers: stripType(valid.headers), body: new TextEncoder().encode(text) }),
    expect: [415],
  });
  cases.push({
    label: 'multipart instead of JSON',
    build: () => ({ ...valid, headers: stripType(valid.headers), body: multipart({ data: text }) }),
    expect: [415],
  });
  cases.push({
    label: 'application/vnd.api+json is JSON',
    build: withBody(text, { 'Content-Type': 'application/vnd.api+json; charset=utf-8' }),
  });
  for (const body of ['null', '[]', '"x"', '1', 'true', '', '{', '{"a":1}{', '\u0000']) {
    cases.push({ label: `body ${JSON.stringify(body)}`, build: withBody(body), expect: [400] });
  }
  cases.push({
    label: 'body {"__proto__":…}',
    build: withBody('{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}'),
  });
  cases.push({ label: `${DEEP} nested arrays`, build: withBody(deepArrays(DEEP)), expect: [400] });
  cases.push({ label: `${DEEP} nested objects`, build: withBody(deepObjects(DEEP)), expect: [400] });
  const firstKey = Object.keys(sample)[0] as string;
  cases.push({
    label: `${DEEP} nested arrays in ${firstKey}`,
    field: firstKey,
    build: withBody(text.replace(`"${firstKey}":`, `"${firstKey}":${deepArrays(DEEP)},"zz":`)),
    expect: [400],
  });
  cases.push({
    label: 'body over 5 MB',
    build: withBody(JSON.stringify({ ...sample, pad: 'p'.repeat(5 * 1024 * 1024 + 10) })),
    expect: [413],
  });
  cases.push({
    label: '300 kB in every string field',
    build: withBody(JSON.stringify(fillStrings(sample, 'f'.repeat(300_000)))),
  });
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

/** Raw (already percent-encoded) query values: odd numbers, NUL, bytes that are not UTF-8, a long value. */
const ODD_QUERY_VALUES = [
  '00001',
  '0x10',
  '1e3',
  '%201',
  '-1',
  '0',
  '1.5',
  '2147483648',
  '99999999999999999999',
  'true',
  '',
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%F0%9F',
  '%',
  'q'.repeat(6000),
];

function queryCases(route: RouteCase, f: Fixtures, valid: WireRequest): FuzzCase[] {
  const path = route.path(f);
  const pairs = Object.entries(route.query?.(f) ?? {}).map(
    ([k, v]) => [encodeURIComponent(k), encodeURIComponent(v)] as [string, string],
  );
  const at = (target: string) => (): WireRequest => ({ ...valid, target });
  const cases: FuzzCase[] = [];
  for (const [i, [key]] of pairs.entries()) {
    const others = pairs.filter((_, j) => j !== i);
    for (const odd of ODD_QUERY_VALUES) {
      cases.push({
        label: `?${key}=${odd.slice(0, 20)}`,
        field: key,
        build: at(`${path}${rawQuery([...others, [key, odd]])}`),
      });
    }
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
function pathCases(route: RouteCase, f: Fixtures, valid: WireRequest): FuzzCase[] {
  const index = route.pattern.split('/').findIndex((segment) => segment.startsWith(':'));
  if (index < 0) return [];
  const segments = route.path(f).split('/');
  const real = segments[index] as string;
  const numeric = /^[0-9]+$/.test(real);
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
    '2147483648',
    '99999999999999999999',
    'true',
    '%00',
    '%ED%A0%80',
    'a%00b',
    'p'.repeat(2000),
  ];
  const query = valid.target.includes('?') ? valid.target.slice(valid.target.indexOf('?')) : '';
  return odd.map((value) => ({
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

function formCases(route: RouteCase, f: Fixtures, valid: WireRequest): FuzzCase[] {
  const fields = route.form?.(f) ?? {};
  const form =
    (text: Record<string, string>, withFile = true) =>
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
    { label: 'no file', expect: [400], build: form(fields, false) },
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
      for (const m of jsonMutations(sample)) {
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

/** Every bad request for one route. */
export function fuzzCases(route: RouteCase, f: Fixtures): FuzzCase[] {
  const valid = validRequest(route, f);
  const label = `${route.method} ${route.pattern}`;
  const cases = [
    ...(route.json ? jsonCases(route, f, valid) : []),
    ...(route.form ? formCases(route, f, valid) : []),
    ...queryCases(route, f, valid),
    ...pathCases(route, f, valid),
    ...(route.idempotent ? headerCases(valid) : []),
  ];
  return cases.map((c) => ({ ...c, label: `${label}: ${c.label}` }));
}
