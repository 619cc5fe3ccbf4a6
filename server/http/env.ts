import type { RegistrationMode } from '../../lib/api/operator-contract';
import type { RateLimitSettings } from '../auth/limits';
import type { TokenSettings } from '../auth/tokens';
import type { HouseProviderKind } from '../config';
import type { Db } from '../db/client';
import type { Owner } from '../db/types';
import type { Generations } from '../features/answers/generations';
import type { PdfReadLimits } from '../features/chat-files/pdf-read';
import type { PageFetchSettings } from '../features/links/page-fetch';
import type { MediaLookupSettings } from '../features/media-lookup/settings';
import type { OcrLimits } from '../features/ocr/ocr-read';
import type { OidcClient } from '../features/oidc/client';
import type { Mailer } from '../mail/mail';
import type { FileStore } from '../storage/file-store';
import type { Outbound } from './outbound';

export interface Deps {
  db: Db;
  tokens: TokenSettings;
  /**
   * Uploaded files: where they are stored (a folder or a bucket) and the public base URL of their links (unset: the
   * request's origin).
   */
  files: { store: FileStore; publicUrl?: string };
  /** The operator's token for /api/admin; unset, the admin routes answer 404. */
  adminToken?: string;
  /**
   * AI: the server secret (encrypts provider keys), the operator's house-model provider (unset: house models are
   * Inactive) and the credits a user starts with.
   */
  ai: {
    secret: string;
    house?: { provider: HouseProviderKind; baseUrl?: string; apiKey?: string };
    startingCredits: number;
    /**
     * How long a house-model answer's credit hold lasts unless renewed: the answer lease (TROVE_ANSWER_LEASE_SECONDS).
     */
    leaseSeconds: number;
    /** How the server calls AI upstreams: addresses users choose checked by TROVE_USER_ENDPOINTS (http/outbound.ts). */
    outbound: Outbound;
    /** The house provider's embedding model (TROVE_HOUSE_EMBEDDING_MODEL), for search by meaning; unset, none. */
    houseEmbeddingModel?: string;
  };
  /** Rate limits (server/auth/limits.ts) and how many proxies' X-Forwarded-For to trust for the client's address. */
  requests: { limits: RateLimitSettings; trustedProxies: number };
  /** Chat answers being generated in this process (see server/features/answers/generations.ts). */
  generations: Generations;
  /** How long and how much memory one PDF's reading may take (unset: PDF_READ_LIMITS). */
  pdfRead?: PdfReadLimits;
  /** How long and how much memory one image's text reading may take (unset: OCR_LIMITS). */
  ocr?: OcrLimits;
  /** Mail (TROVE_SMTP_URL); unset or unconfigured, messages are not sent and callers fall back. */
  mail?: Mailer;
  /** Who may register unless an admin chose otherwise (TROVE_REGISTRATION; unset: open). */
  registration?: RegistrationMode;
  /** The single sign-on provider (TROVE_OIDC_*); unset, sign-in is by password only. */
  oidc?: OidcClient;
  /** The trash's clock (ServerConfig.clock; unset: the system's). */
  clock?: () => Date;
  /** Aborted when the server begins stopping: open event streams (access-events) end rather than wait to be cut. */
  stopping?: AbortSignal;
  /** How custom sites' domains are verified (ServerConfig.siteVerification; unset: the page fetcher's defaults). */
  siteVerification?: PageFetchSettings;
  /** Where books and films are looked up (ServerConfig.mediaLookup; unset: both off). */
  mediaLookup?: MediaLookupSettings;
}

/**
 * Hono environment of authenticated routes: `c.get('userId')` is the signed-in user, `c.get('owner')` their row's
 * gem-owner fields.
 */
export interface AppEnv {
  /** `sessionId`: the sign-in (refresh-token family) of the access token. */
  Variables: { userId: number; owner: Owner; sessionId: string };
}
