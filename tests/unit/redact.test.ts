import { describe, expect, test } from 'vitest';
import { redact } from '../../lib/feedback/redact';

// Secrets below are made up but shaped like the real thing.
const JWT =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpZCI6MSwiaWF0IjoxNzE1Njc4MDAwLCJleHAiOjE3MTU2ODE2MDB9.Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0';
const OPENAI = 'sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z';
const ANTHROPIC = 'sk-ant-api03-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb3dEf6hIj9kLm2n-AbCdEfAA';
const GOOGLE = 'AIzaSyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q';
const GROQ = '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';

/** Asserts the secret is gone from the redacted text and returns the text. */
const scrub = (text: string, ...secrets: string[]) => {
  const out = redact(text);
  for (const secret of secrets) expect(out).not.toContain(secret);
  return out;
};

describe('redact: tokens', () => {
  test('a Bearer token, whatever its case', () => {
    expect(scrub('GET /api/gems failed with Bearer abc.DEF-123_x~y+z/=', 'abc.DEF')).toBe(
      'GET /api/gems failed with Bearer [redacted]',
    );
    expect(scrub('bearer   opaque-token-value', 'opaque')).toBe('Bearer [redacted]');
  });

  test('an Authorization header of any scheme loses its credentials', () => {
    expect(scrub(`Authorization: Bearer ${JWT}`, JWT, 'eyJ')).not.toContain('eyJ');
    expect(scrub('Authorization: Basic YWRhOmNvcnJlY3QgaG9yc2U=', 'YWRhOmNvcnJlY3QgaG9yc2U=')).toBe(
      'Authorization: [redacted]',
    );
    expect(scrub('authorization=Token abc123def456', 'abc123def456')).toBe('authorization=[redacted]');
  });

  test('a JWT on its own', () => {
    expect(scrub(`token expired: ${JWT} (401)`, JWT, 'eyJpZCI6')).toBe('token expired: [redacted-token] (401)');
  });

  test('a JWT with an empty signature', () => {
    expect(scrub('eyJhbGciOiJub25lIn0.eyJpZCI6MX0.', 'eyJpZCI6MX0')).toBe('[redacted-token]');
  });
});

describe('redact: provider keys', () => {
  test.each([
    ['OpenAI sk-', OPENAI],
    ['Anthropic sk-ant-', ANTHROPIC],
    ['Google AIza', GOOGLE],
    ['Groq gsk_', GROQ],
    ['a short OpenAI key', 'sk-Ab3dEf6hIj9k'],
    ['GitHub ghp_', 'ghp_Ab3dEf6hIj9kLm2nOp5q'],
    ['xAI xai-', 'xai-Ab3dEf6hIj9kLm2nOp5q'],
  ])('%s', (_, key) => {
    const out = scrub(`provider said 401 for key ${key}, please check`, key);
    expect(out).toBe('provider said 401 for key [redacted-key], please check');
  });

  test('several keys in one line', () => {
    const out = scrub(`openai=${OPENAI} google ${GOOGLE}`, OPENAI, GOOGLE);
    expect(out).not.toMatch(/sk-|AIza/);
  });
});

describe('redact: assignments', () => {
  test.each([
    ['apiKey=abc123', 'apiKey=[redacted]'],
    ['api_key: abc123', 'api_key: [redacted]'],
    ['x-api-key: abc123', 'x-api-key: [redacted]'],
    ['"token": "abc123"', '"token": "[redacted]"'],
    ["{'password': 'hunter2'}", "{'password': '[redacted]'}"],
    ['secret = s3cr3t', 'secret = [redacted]'],
    ['refresh_token=abc123&x=1', 'refresh_token=[redacted]&x=1'],
    ['refreshToken: "abc123"', 'refreshToken: "[redacted]"'],
    ['accessToken=abc123', 'accessToken=[redacted]'],
    ['access_token: abc123', 'access_token: [redacted]'],
    ['client_secret=abc123', 'client_secret=[redacted]'],
    ['{"authToken":"abc123","ok":true}', '{"authToken":"[redacted]","ok":true}'],
    ['TOKEN=abc123', 'TOKEN=[redacted]'],
  ])('%j becomes %j', (input, expected) => {
    expect(redact(input)).toBe(expected);
  });

  test('the words alone are not assignments', () => {
    const text = 'The token expired and the password field was empty; my API key is set in settings.';
    expect(redact(text)).toBe(text);
  });
});

describe('redact: URLs', () => {
  test('query strings and fragments are cut, the address kept', () => {
    expect(scrub('failed to load https://api.example.com/v1/gems?page=2&key=abc123 (500)', 'abc123', 'page=2')).toBe(
      'failed to load https://api.example.com/v1/gems?[redacted] (500)',
    );
    expect(scrub('callback http://localhost:3000/auth#access_token=xyz789&state=1', 'xyz789')).toBe(
      'callback http://localhost:3000/auth?[redacted]',
    );
  });

  test('an e-mail address in a query string goes with it', () => {
    expect(scrub('https://example.com/invite?email=ada@example.com', 'ada@', 'example.com/invite?email')).toBe(
      'https://example.com/invite?[redacted]',
    );
  });

  test('an address without a query string is kept', () => {
    const text = 'Could not reach https://trove.example.com/api/gems/42.';
    expect(redact(text)).toBe(text);
  });
});

describe('redact: opaque ids', () => {
  test.each([
    ['a SHA-1', 'da39a3ee5e6b4b0d3255bfef95601890afd80709'],
    ['a UUID', '3f2b8c1e-9d4a-4e7b-8c2f-1a5d6e7f8a9b'],
    ['a 32-character run', 'AbCdEfGhIjKlMnOpQrStUvWxYz012345'],
  ])('%s', (_, id) => {
    expect(scrub(`session ${id} not found`, id)).toBe('session [redacted] not found');
  });

  test('31 characters are left alone', () => {
    const text = 'request AbCdEfGhIjKlMnOpQrStUvWxYz01234 failed';
    expect(redact(text)).toBe(text);
  });
});

describe('redact: e-mail addresses', () => {
  test.each([
    ['ada@example.com', 'a***@example.com'],
    ['Ada.Lovelace+trove@mail.example.co.uk', 'A***@mail.example.co.uk'],
    ['x@y.io', 'x***@y.io'],
    ['9lives_cat@example.org', '9***@example.org'],
  ])('%s becomes %s', (email, masked) => {
    expect(redact(`signed in as ${email}.`)).toBe(`signed in as ${masked}.`);
  });

  test('every address in the text', () => {
    expect(redact('from ada@example.com to grace@example.org')).toBe('from a***@example.com to g***@example.org');
  });
});

describe('redact: ordinary text', () => {
  test.each([
    'The popup shows a blank page after I click Save.',
    'listTags: Could not reach the server',
    '2024-05-14T09:29:00.000Z createGem: Request failed with status 500',
    'Bug in collection "Recipes / Desserts" (id 3), 12 gems.',
    'Chrome 126.0.6478.127 on linux x86-64',
    'Use the sk key? No: the task-runner keeps failing.',
    '',
  ])('%j is unchanged', (text) => {
    expect(redact(text)).toBe(text);
  });

  test('is idempotent', () => {
    const text = `Authorization: Bearer ${JWT} for ada@example.com at https://x.example.com/?a=1 with ${OPENAI}`;
    expect(redact(redact(text))).toBe(redact(text));
  });
});
