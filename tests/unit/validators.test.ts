import { describe, expect, it, test } from 'vitest';
import type { z } from 'zod';
import { isBlockedUrl } from '../../lib/api/blocked-host';
import {
  blockedHostSchema,
  confirmPasswordError,
  emailSchema,
  isHttpUrl,
  limits,
  nameWithoutSpaceSchema,
  passwordSchema,
  passwordStrength,
  strongPasswordSchema,
  titleSchema,
  urlSchema,
  usernameSchema,
} from '../../lib/api/validators';

/** The first message a schema gives for a value, or null when the value passes. */
function firstError(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? '(no message)');
}

const URL_INVALID = 'Please provide valid url. Ensure it has protocol (https) and hostname (example.com).';

describe('email', () => {
  test('is required', () => {
    expect(firstError(emailSchema, '')).toBe('This field is required.');
    expect(firstError(emailSchema, undefined)).toBe('This field is required.');
  });

  test.each(['nope', 'a@b', '@example.com', 'a b@example.com', 'a@example'])('rejects %j as not valid', (value) => {
    expect(firstError(emailSchema, value)).toBe('Email is not valid');
  });

  test('rejects an address longer than the maximum', () => {
    const local = 'a'.repeat(limits.emailMax - '@example.com'.length + 1);
    expect(firstError(emailSchema, `${local}@example.com`)).toBe('Given value is too long');
    expect(firstError(emailSchema, `${local.slice(1)}@example.com`)).toBeNull();
  });

  test('the minimum length is never the first problem: anything shorter already fails the pattern', () => {
    // limits.emailMin is 3 and the shortest address the pattern accepts ("a@b.c") is 5 characters.
    expect(limits.emailMin).toBeLessThanOrEqual(5);
    expect(firstError(emailSchema, 'a@')).toBe('Email is not valid');
    expect(firstError(emailSchema, 'a@b.c')).toBeNull();
  });

  test('is trimmed and lower-cased', () => {
    expect(emailSchema.parse('  Ada.Lovelace@Example.COM ')).toBe('ada.lovelace@example.com');
  });
});

describe('password', () => {
  test('is required', () => {
    expect(firstError(passwordSchema, '')).toBe('This field is required.');
    expect(firstError(passwordSchema, undefined)).toBe('This field is required.');
  });

  test('needs at least 8 characters', () => {
    expect(firstError(passwordSchema, 'a'.repeat(7))).toBe('Given value is too short');
    expect(firstError(passwordSchema, 'a'.repeat(8))).toBeNull();
  });

  test('allows at most 128 characters', () => {
    expect(firstError(passwordSchema, 'a'.repeat(128))).toBeNull();
    expect(firstError(passwordSchema, 'a'.repeat(129))).toBe('Given value is too long');
  });

  test('is not trimmed or changed', () => {
    expect(passwordSchema.parse('  Secret pass  ')).toBe('  Secret pass  ');
  });
});

describe('username (the spec\'s "name" validator)', () => {
  test('is required', () => {
    expect(firstError(usernameSchema, '')).toBe('This field is required.');
    expect(firstError(usernameSchema, undefined)).toBe('This field is required.');
  });

  test.each([
    ['ada lovelace', 'Spaces are not allowed.'],
    [' ada', 'Spaces are not allowed.'],
    ['ada\tl', 'Spaces are not allowed.'],
    ['ada_l', 'Special Characters are not allowed.'],
    ['ada-l', 'Special Characters are not allowed.'],
    ['adé', 'Special Characters are not allowed.'],
    ['abcdefghijklmno', 'Username must be less than 15 Characters.'],
    ['1ada', 'Invalid value'],
    ['007', 'Invalid value'],
  ])('%j → %j', (value, message) => {
    expect(firstError(usernameSchema, value)).toBe(message);
  });

  test("names the first problem in the spec's order", () => {
    expect(firstError(usernameSchema, 'ada lovelace!')).toBe('Spaces are not allowed.');
    expect(firstError(usernameSchema, 'ada_lovelace_the_first')).toBe('Special Characters are not allowed.');
    expect(firstError(usernameSchema, '1abcdefghijklmno')).toBe('Username must be less than 15 Characters.');
  });

  test.each(['a', 'Ada', 'ada1815', 'abcdefghijklmn'])('accepts %j', (value) => {
    expect(usernameSchema.parse(value)).toBe(value);
  });
});

describe('namewithoutspace', () => {
  test.each(['my name', 'name!', 'a.b', 'émile'])('rejects %j', (value) => {
    expect(firstError(nameWithoutSpaceSchema, value)).toBe('Name must not contain space or any symbols');
  });

  test('is required', () => {
    expect(firstError(nameWithoutSpaceSchema, '')).toBe('This field is required.');
  });

  test.each(['reading', 'to-read', 'to_read', 'Q3'])('accepts %j', (value) => {
    expect(firstError(nameWithoutSpaceSchema, value)).toBeNull();
  });
});

describe('confirm password', () => {
  test('matches or names the mismatch', () => {
    expect(confirmPasswordError('correct horse', 'correct horse')).toBeNull();
    expect(confirmPasswordError('correct horse', 'correct hors')).toBe('Confirm password needs to match password');
    expect(confirmPasswordError('Secret123', 'secret123')).toBe('Confirm password needs to match password');
  });
});

describe('password strength (the spec\'s "resetpass" flags)', () => {
  test('reports each rule', () => {
    expect(passwordStrength('')).toEqual({
      hasSpecialCharacter: false,
      hasDigit: false,
      hasUpperCase: false,
      hasLowerCase: false,
      hasMinLength: false,
    });
    expect(passwordStrength('Abcdef1!')).toEqual({
      hasSpecialCharacter: true,
      hasDigit: true,
      hasUpperCase: true,
      hasLowerCase: true,
      hasMinLength: true,
    });
    expect(passwordStrength('abcdefgh')).toEqual({
      hasSpecialCharacter: false,
      hasDigit: false,
      hasUpperCase: false,
      hasLowerCase: true,
      hasMinLength: true,
    });
    expect(passwordStrength('AB 1')).toMatchObject({
      hasSpecialCharacter: true,
      hasDigit: true,
      hasUpperCase: true,
      hasLowerCase: false,
    });
  });
});

describe('title', () => {
  test('is required, also when only blank', () => {
    expect(firstError(titleSchema, '')).toBe('This field is required.');
    expect(firstError(titleSchema, '   ')).toBe('This field is required.');
    expect(firstError(titleSchema, undefined)).toBe('This field is required.');
  });

  test('is trimmed and at most 500 characters', () => {
    expect(titleSchema.parse('  A page  ')).toBe('A page');
    expect(firstError(titleSchema, 'a'.repeat(500))).toBeNull();
    expect(firstError(titleSchema, 'a'.repeat(501))).toBe('Given value is too long');
  });
});

describe('url', () => {
  test('is required', () => {
    expect(firstError(urlSchema, '')).toBe('Please provide url');
    expect(firstError(urlSchema, '  ')).toBe('Please provide url');
    expect(firstError(urlSchema, undefined)).toBe('Please provide url');
  });

  test.each(['example.com', 'ftp://x', 'http://', 'javascript:alert(1)', 'mailto:a@example.com', 'https//example.com'])(
    'rejects %j with the protocol-and-hostname message',
    (value) => {
      expect(firstError(urlSchema, value)).toBe(URL_INVALID);
    },
  );

  test('accepts http and https URLs, trimmed', () => {
    expect(urlSchema.parse(' https://example.com/a?b=c ')).toBe('https://example.com/a?b=c');
    expect(urlSchema.parse('http://localhost:3000')).toBe('http://localhost:3000');
  });
});

describe('isHttpUrl', () => {
  test.each([
    ['https://example.com', true],
    ['http://127.0.0.1:8080/x', true],
    ['HTTPS://EXAMPLE.COM', true],
    ['example.com', false],
    ['ftp://example.com', false],
    ['file:///etc/passwd', false],
    ['http://', false],
    ['', false],
    ['data:image/png;base64,AAAA', false],
  ])('%j → %s', (value, expected) => {
    expect(isHttpUrl(value)).toBe(expected);
  });
});

describe('blocked sites', () => {
  it('takes a host or *.domain, lower-cased and in punycode, and refuses anything else', () => {
    expect(blockedHostSchema.parse(' Mail.Example.COM ')).toBe('mail.example.com');
    expect(blockedHostSchema.parse('*.Example.com')).toBe('*.example.com');
    expect(blockedHostSchema.parse('bücher.example')).toBe('xn--bcher-kva.example');
    expect(blockedHostSchema.parse('localhost')).toBe('localhost');
    for (const bad of [
      '',
      'https://example.com',
      'example.com/path',
      'a b.com',
      '*.',
      '*',
      '**.example.com',
      'ex*ample.com',
      '-x.com',
      'x-.com',
      'host:8080',
      'user@example.com',
      '[::1]',
    ])
      expect(blockedHostSchema.safeParse(bad).success, bad).toBe(false);
    expect(blockedHostSchema.safeParse('x.com').error).toBeUndefined();
  });

  it('matches a host exactly, and *.domain for the domain and every sub-domain', () => {
    const hosts = ['mail.example.com', '*.news.example'];
    expect(isBlockedUrl('https://mail.example.com/inbox', hosts)).toBe(true);
    expect(isBlockedUrl('https://example.com/', hosts)).toBe(false);
    expect(isBlockedUrl('https://www.mail.example.com/', hosts)).toBe(false);
    expect(isBlockedUrl('https://news.example/', hosts)).toBe(true);
    expect(isBlockedUrl('http://a.b.news.example:8080/x', hosts)).toBe(true);
    expect(isBlockedUrl('https://fakenews.example/', hosts)).toBe(false);
    expect(isBlockedUrl('not a url', hosts)).toBe(false);
    expect(isBlockedUrl(undefined, hosts)).toBe(false);
    expect(isBlockedUrl('https://mail.example.com/', [])).toBe(false);
  });
});

describe('the strong password rules', () => {
  it('names the first rule a new password misses', () => {
    expect(strongPasswordSchema.safeParse('Abcdef1!').success).toBe(true);
    expect(strongPasswordSchema.safeParse('abcdef1!').error?.issues[0]?.message).toBe(
      'The password needs: an upper-case letter',
    );
    expect(strongPasswordSchema.safeParse('Abcdefg!').error?.issues[0]?.message).toBe('The password needs: a digit');
    expect(strongPasswordSchema.safeParse('Abcdefg1').error?.issues[0]?.message).toBe(
      'The password needs: a special character (not a letter or digit)',
    );
  });
});
