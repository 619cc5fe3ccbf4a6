import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { REGISTRATION_MODES, type RegistrationMode } from '../lib/api/operator-contract';
import { isWebAddress } from '../lib/api/web-address';
import { PER_ADDRESS_LIMITS_OFF, type RateLimitSettings } from './auth/limits';
import { PDF_READ_LIMITS, type PdfReadLimits } from './features/chat-files/pdf-read';
import { EMBEDDING_WORK_DEFAULTS, type EmbeddingWorkSettings } from './features/embeddings/work-settings';
import { LINK_CHECK_DEFAULTS, type LinkCheckSettings } from './features/links/link-worker';
import type { PageFetchSettings } from './features/links/page-fetch';
import { type MediaLookupSettings, mediaLookupFromEnv } from './features/media-lookup/settings';
import { OCR_LIMITS, type OcrLimits } from './features/ocr/ocr-read';
import { type OidcSettings, oidcFromEnv } from './features/oidc/settings';
import { parseAddressPolicy } from './http/address-policy';
import { checkMailConfig } from './mail/mail';
import { type S3StorageConfig, s3ConfigFromEnv } from './storage/s3-config';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL connections this copy keeps open (DATABASE_POOL_SIZE); default: see `databasePoolSize`. */
  databasePoolSize?: number;
  /** Signs access tokens and (through HKDF) encrypts provider API keys at rest. */
  secret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** How long a spent refresh token still answers its successor (a retried refresh); default 10 s. */
  refreshGraceSeconds?: number;
  /**
   * How many reverse proxies stand in front of the server (TROVE_TRUST_PROXY). 0 (default): the client's
   * address is the socket's; otherwise it is read from X-Forwarded-For, which clients could forge without a proxy.
   */
  trustedProxies?: number;
  /**
   * Replaces rate limits (server/auth/limits.ts) item by item; null turns one off. TROVE_PER_ADDRESS_LIMITS=0 turns off
   * the per-address ones.
   */
  rateLimits?: Partial<RateLimitSettings>;
  logRequests: boolean;
  /**
   * A write is acknowledged only once it is on disk (default true; TROVE_DURABLE_WRITES=0 turns it off). See
   * db/client.ts.
   */
  durableWrites?: boolean;
  /**
   * This copy works queued bulk jobs and imports (default true; TROVE_BULK_WORKER=0 leaves them to the other copies,
   * and lets a test see a large job while it is still queued).
   */
  bulkWorker?: boolean;
  /**
   * The clock of the trash: when a gem is trashed and when it is old enough to delete for good (default: the system's).
   * Tests move it instead of waiting.
   */
  clock?: () => Date;
  /** Lets the operator list all bug reports (`GET /api/admin/feedbacks`); unset, that route answers 404. */
  adminToken?: string;
  /**
   * The server's public base URL (scheme, host, optional path prefix) for file links; unset, the request's own origin.
   */
  publicUrl?: string;
  /** An S3-compatible bucket for uploaded files (TROVE_S3_*); unset, they are kept in the data folder. */
  s3?: S3StorageConfig;
  /**
   * House models (the product's own, paid with credits): the upstream provider that serves them.
   * Unset, house models are Inactive for everyone.
   */
  houseProvider?: HouseProviderKind;
  /** The house provider's base URL (required for `openai-compatible`; Ollama defaults to http://127.0.0.1:11434). */
  houseBaseUrl?: string;
  houseApiKey?: string;
  /**
   * Where addresses users choose may point (TROVE_USER_ENDPOINTS): `off`, `any`, or a comma list of `public`,
   * `loopback`, `private`, IPs, networks and host names; default `public`. See http/address-policy.ts.
   */
  userEndpoints?: string;
  /** Credits a user starts with for house models (default 100). */
  houseCredits?: number;
  /**
   * The operator's catalogue file (TROVE_MODELS_FILE, JSON): adds, changes or switches off catalogue and
   * house models (see ai/operator-catalogue.ts). Checked at start; an invalid file stops the server.
   */
  modelsFile?: string;
  /**
   * Seconds a copy's lease on an answer it generates lasts (renewed while it runs; default 30). An
   * unfinished answer whose lease expired was orphaned by a crash and is marked interrupted.
   */
  answerLeaseSeconds?: number;
  /**
   * How long one PDF's reading may take (TROVE_PDF_READ_MS) and the JavaScript heap it may use
   * (TROVE_PDF_READ_MEMORY_MB); defaults in features/chat-files/pdf-read.ts.
   */
  pdfRead?: Partial<PdfReadLimits>;
  /**
   * The dead-link check and imported pages' fills (features/links/): unset, off (tests turn it on); from the
   * environment, on unless TROVE_LINK_CHECK=0, paced by TROVE_LINK_CHECK_PER_MINUTE, _DAYS and _SITE_SECONDS.
   */
  linkCheck?: LinkCheckSettings;
  /**
   * How a custom site's domain verification fetches its token (features/custom-sites/verify.ts); unset, the page
   * fetcher's defaults. Tests set `allowedTestAddress` (never read from the environment).
   */
  siteVerification?: PageFetchSettings;
  /**
   * Reading the text of image gems in the background (features/ocr/): unset, off (tests turn it on); from the
   * environment, on unless TROVE_OCR=0, each image within TROVE_OCR_MS and TROVE_OCR_MEMORY_MB (defaults in
   * features/ocr/ocr-read.ts). `POST /api/ocre` reads within the same bounds either way.
   */
  ocr?: Partial<OcrLimits> & { worker?: boolean };
  /** Mail (TROVE_SMTP_URL, TROVE_MAIL_FROM): smtp:// or smtps:// with credentials; unset, no mail is sent. */
  smtpUrl?: string;
  mailFrom?: string;
  /** Who may register (TROVE_REGISTRATION: open, invite or closed; default open); an admin's choice overrides it. */
  registration?: RegistrationMode;
  /** The house provider's embedding model for search by meaning (TROVE_HOUSE_EMBEDDING_MODEL); unset, none. */
  houseEmbeddingModel?: string;
  /**
   * The embedding backfill's pace (features/embeddings/backfill.ts; TROVE_EMBEDDING_BATCH, _PER_MINUTE,
   * _LEASE_SECONDS); false: no embedding worker in this server.
   */
  embeddings?: Partial<EmbeddingWorkSettings> | false;
  /** Sign-in with an OpenID Connect provider (TROVE_OIDC_*); unset, only passwords. */
  oidc?: OidcSettings;
  /**
   * Books and films looked up by title (features/media-lookup/settings.ts): unset, both off; from the environment, books
   * at Open Library unless TROVE_OPEN_LIBRARY=0, films only with TROVE_OMDB_API_KEY.
   */
  mediaLookup?: MediaLookupSettings;
}

/** Checks TROVE_REGISTRATION. */
export function registrationFromEnv(value: string | undefined): RegistrationMode | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (!REGISTRATION_MODES.includes(text as RegistrationMode))
    throw new Error(`TROVE_REGISTRATION must be one of ${REGISTRATION_MODES.join(', ')}, got "${value}"`);
  return text as RegistrationMode;
}

export const HOUSE_PROVIDER_KINDS = ['openai', 'anthropic', 'openai-compatible', 'ollama'] as const;
export type HouseProviderKind = (typeof HOUSE_PROVIDER_KINDS)[number];
export const DEFAULT_HOUSE_CREDITS = 100;

/** The house-model configuration the server uses, or undefined when none is configured; throws on a bad one. */
export function houseConfig(
  config: Pick<ServerConfig, 'houseProvider' | 'houseBaseUrl' | 'houseApiKey' | 'houseCredits'>,
) {
  const credits = config.houseCredits ?? DEFAULT_HOUSE_CREDITS;
  if (!Number.isInteger(credits) || credits < 0)
    throw new Error(`TROVE_HOUSE_CREDITS must be a whole number ≥ 0, got "${credits}"`);
  const provider = config.houseProvider;
  if (!provider) return { configured: undefined, credits };
  if (!HOUSE_PROVIDER_KINDS.includes(provider)) {
    throw new Error(`TROVE_HOUSE_PROVIDER must be one of ${HOUSE_PROVIDER_KINDS.join(', ')}, got "${provider}"`);
  }
  const baseUrl = config.houseBaseUrl || (provider === 'ollama' ? 'http://127.0.0.1:11434' : undefined);
  if (provider === 'openai-compatible' && !baseUrl)
    throw new Error('TROVE_HOUSE_BASE_URL is required when TROVE_HOUSE_PROVIDER is openai-compatible');
  if (baseUrl && !isWebAddress(baseUrl))
    throw new Error(`TROVE_HOUSE_BASE_URL must be an http(s) URL, got "${baseUrl}"`);
  if ((provider === 'openai' || provider === 'anthropic') && !config.houseApiKey) {
    throw new Error(`TROVE_HOUSE_API_KEY is required when TROVE_HOUSE_PROVIDER is ${provider}`);
  }
  return { configured: { provider, baseUrl, apiKey: config.houseApiKey || undefined }, credits };
}

export const DEFAULT_ANSWER_LEASE_SECONDS = 30;

/** The answer lease duration in seconds; throws on a bad one. */
export function answerLeaseSeconds(config: Pick<ServerConfig, 'answerLeaseSeconds'>): number {
  const seconds = config.answerLeaseSeconds ?? DEFAULT_ANSWER_LEASE_SECONDS;
  if (!Number.isInteger(seconds) || seconds < 1)
    throw new Error(`TROVE_ANSWER_LEASE_SECONDS must be a whole number of seconds ≥ 1, got "${seconds}"`);
  return seconds;
}

/**
 * The PostgreSQL pool: DATABASE_POOL_SIZE, else this machine's cores (2 to 10). postgres.js pipelines
 * queries on each connection, so a few busy connections cost the server and the database less CPU than
 * many idle ones (on 2 cores, 2 connections served ~35% more requests than 10 in `npm run bench`'s load
 * run). At least 2: migrating holds one connection (the copies' lock) while another migrates.
 */
export function databasePoolSize(config: Pick<ServerConfig, 'databasePoolSize'>): number {
  const size = config.databasePoolSize ?? Math.min(10, Math.max(2, availableParallelism()));
  if (!Number.isInteger(size) || size < 2 || size > 100)
    throw new Error(`DATABASE_POOL_SIZE must be a whole number from 2 to 100, got "${size}"`);
  return size;
}

export const MIN_ADMIN_TOKEN_LENGTH = 24;

/** Where uploaded files are kept when no bucket is configured: a folder in the data folder (created at start). */
export const uploadsDir = (config: Pick<ServerConfig, 'dataDir'>) => join(config.dataDir, 'uploads');

/** Throws when an admin token is set but too short to be a secret. */
export function checkAdminToken(token: string | undefined): string | undefined {
  if (token !== undefined && token.length < MIN_ADMIN_TOKEN_LENGTH) {
    throw new Error(`TROVE_ADMIN_TOKEN must be at least ${MIN_ADMIN_TOKEN_LENGTH} characters`);
  }
  return token;
}

/** Checks PUBLIC_URL (an http(s) URL without query or fragment) and drops a trailing slash. */
export function normalizePublicUrl(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`PUBLIC_URL must be an http(s) URL such as https://trove.example.com, got "${value}"`);
  }
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.search ||
    url.hash ||
    url.username ||
    url.password
  ) {
    throw new Error(`PUBLIC_URL must be an http(s) URL with no query, fragment or credentials, got "${value}"`);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/** Reads TROVE_SECRET, or keeps a generated one in the data folder so tokens survive restarts. */
function loadSecret(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error('TROVE_SECRET must be at least 32 characters');
    return fromEnv;
  }
  const file = join(dataDir, 'secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * A whole-number setting from the environment (undefined when unset), so a typo is refused at start
 * naming what was given, not turned into NaN; each setting's own range is checked where it is used.
 */
function wholeNumberFromEnv(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const text = env[name]?.trim();
  if (!text) return undefined;
  if (!/^\d+$/.test(text)) throw new Error(`${name} must be a whole number, got "${env[name]}"`);
  return Number(text);
}

/** Token lifetimes: whole seconds ≥ 1 (a lifetime of 0 would refuse every token as it is signed). */
function tokenTtlFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const seconds = wholeNumberFromEnv(env, name) ?? fallback;
  if (seconds < 1) throw new Error(`${name} must be a whole number of seconds ≥ 1, got "${env[name]}"`);
  return seconds;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = resolve(env.DATA_DIR ?? 'data');
  const port = wholeNumberFromEnv(env, 'PORT') ?? 8787;
  if (port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const trustedProxies = wholeNumberFromEnv(env, 'TROVE_TRUST_PROXY') ?? 0;
  if (trustedProxies > 10) {
    throw new Error(
      `TROVE_TRUST_PROXY must be the number of reverse proxies in front of the server (0–10), got "${env.TROVE_TRUST_PROXY}"`,
    );
  }
  const config: ServerConfig = {
    port,
    host: env.HOST ?? '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: wholeNumberFromEnv(env, 'DATABASE_POOL_SIZE'),
    secret: loadSecret(dataDir, env.TROVE_SECRET),
    accessTokenTtlSeconds: tokenTtlFromEnv(env, 'ACCESS_TOKEN_TTL', 15 * 60),
    refreshTokenTtlSeconds: tokenTtlFromEnv(env, 'REFRESH_TOKEN_TTL', 30 * 24 * 3600),
    trustedProxies,
    rateLimits: env.TROVE_PER_ADDRESS_LIMITS === '0' ? PER_ADDRESS_LIMITS_OFF : undefined,
    logRequests: env.LOG_REQUESTS !== '0',
    durableWrites: env.TROVE_DURABLE_WRITES !== '0',
    bulkWorker: env.TROVE_BULK_WORKER !== '0',
    adminToken: checkAdminToken(env.TROVE_ADMIN_TOKEN || undefined),
    publicUrl: normalizePublicUrl(env.PUBLIC_URL || undefined),
    s3: s3ConfigFromEnv(env),
    houseProvider: (env.TROVE_HOUSE_PROVIDER || undefined) as HouseProviderKind | undefined,
    houseBaseUrl: env.TROVE_HOUSE_BASE_URL || undefined,
    houseApiKey: env.TROVE_HOUSE_API_KEY || undefined,
    userEndpoints: env.TROVE_USER_ENDPOINTS || undefined,
    houseCredits: wholeNumberFromEnv(env, 'TROVE_HOUSE_CREDITS'),
    modelsFile: env.TROVE_MODELS_FILE ? resolve(env.TROVE_MODELS_FILE) : undefined,
    answerLeaseSeconds: wholeNumberFromEnv(env, 'TROVE_ANSWER_LEASE_SECONDS'),
    pdfRead: {
      ms: wholeNumberFromEnv(env, 'TROVE_PDF_READ_MS'),
      memoryMb: wholeNumberFromEnv(env, 'TROVE_PDF_READ_MEMORY_MB'),
    },
    smtpUrl: env.TROVE_SMTP_URL || undefined,
    mailFrom: env.TROVE_MAIL_FROM || undefined,
    registration: registrationFromEnv(env.TROVE_REGISTRATION),
    houseEmbeddingModel: env.TROVE_HOUSE_EMBEDDING_MODEL?.trim() || undefined,
    embeddings: {
      batchGems: wholeNumberFromEnv(env, 'TROVE_EMBEDDING_BATCH'),
      passagesPerMinute: wholeNumberFromEnv(env, 'TROVE_EMBEDDING_PER_MINUTE'),
      leaseSeconds: wholeNumberFromEnv(env, 'TROVE_EMBEDDING_LEASE_SECONDS'),
    },
    oidc: oidcFromEnv(env),
    mediaLookup: mediaLookupFromEnv(env),
  };
  checkMailConfig({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  config.linkCheck = linkCheckFromEnv(env);
  config.ocr = {
    worker: env.TROVE_OCR !== '0',
    ms: wholeNumberFromEnv(env, 'TROVE_OCR_MS'),
    memoryMb: wholeNumberFromEnv(env, 'TROVE_OCR_MEMORY_MB'),
  };
  ocrLimits(config);
  houseConfig(config); // fail at start on a bad house-model configuration
  parseAddressPolicy(config.userEndpoints);
  answerLeaseSeconds(config);
  databasePoolSize(config);
  pdfReadLimits(config);
  embeddingWork(config);
  return config;
}

/** The embedding backfill's settings (defaults for what is unset), or null when it is off; throws on a 0. */
export function embeddingWork(config: Pick<ServerConfig, 'embeddings'>): EmbeddingWorkSettings | null {
  if (config.embeddings === false) return null;
  const given = Object.fromEntries(Object.entries(config.embeddings ?? {}).filter(([, v]) => v !== undefined));
  const settings = { ...EMBEDDING_WORK_DEFAULTS, ...given };
  for (const [name, value] of Object.entries(settings))
    if (!Number.isFinite(value) || value <= 0)
      throw new Error(`The embedding setting ${name} must be > 0, got ${value}`);
  return settings;
}

/** The bounds of one PDF's reading; throws on a bound of 0 (no PDF could be read). */
export function pdfReadLimits(config: Pick<ServerConfig, 'pdfRead'>): PdfReadLimits {
  const ms = config.pdfRead?.ms ?? PDF_READ_LIMITS.ms;
  const memoryMb = config.pdfRead?.memoryMb ?? PDF_READ_LIMITS.memoryMb;
  if (ms < 1) throw new Error('TROVE_PDF_READ_MS must be a whole number of milliseconds ≥ 1');
  if (memoryMb < 1) throw new Error('TROVE_PDF_READ_MEMORY_MB must be a whole number of MB ≥ 1');
  return { ms, memoryMb };
}

/** The bounds of one image's reading; throws on a bound of 0. */
export function ocrLimits(config: Pick<ServerConfig, 'ocr'>): OcrLimits {
  const ms = config.ocr?.ms ?? OCR_LIMITS.ms;
  const memoryMb = config.ocr?.memoryMb ?? OCR_LIMITS.memoryMb;
  if (ms < 1) throw new Error('TROVE_OCR_MS must be a whole number of milliseconds ≥ 1');
  if (memoryMb < 64) throw new Error('TROVE_OCR_MEMORY_MB must be a whole number of MB ≥ 64');
  return { ms, memoryMb };
}

/** TROVE_LINK_CHECK (0: off) and its pace; undefined when off. */
function linkCheckFromEnv(env: NodeJS.ProcessEnv): LinkCheckSettings | undefined {
  if (env.TROVE_LINK_CHECK?.trim() === '0') return undefined;
  if (env.TROVE_LINK_CHECK?.trim() && env.TROVE_LINK_CHECK.trim() !== '1')
    throw new Error(`TROVE_LINK_CHECK must be 1 (on) or 0 (off), got "${env.TROVE_LINK_CHECK}"`);
  const perMinute = wholeNumberFromEnv(env, 'TROVE_LINK_CHECK_PER_MINUTE') ?? LINK_CHECK_DEFAULTS.perMinute;
  const recheckDays = wholeNumberFromEnv(env, 'TROVE_LINK_CHECK_DAYS') ?? LINK_CHECK_DEFAULTS.recheckDays;
  const siteSeconds = wholeNumberFromEnv(env, 'TROVE_LINK_CHECK_SITE_SECONDS');
  if (perMinute < 1 || perMinute > 6000)
    throw new Error(`TROVE_LINK_CHECK_PER_MINUTE must be a whole number from 1 to 6000, got "${perMinute}"`);
  if (recheckDays < 1)
    throw new Error(`TROVE_LINK_CHECK_DAYS must be a whole number of days ≥ 1, got "${recheckDays}"`);
  return {
    ...LINK_CHECK_DEFAULTS,
    perMinute,
    recheckDays,
    hostIntervalMs: siteSeconds === undefined ? LINK_CHECK_DEFAULTS.hostIntervalMs : siteSeconds * 1000,
  };
}
