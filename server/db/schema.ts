/**
 * The one Postgres schema (PGlite and PostgreSQL alike), split by what the tables hold; drizzle.config.ts
 * generates the migrations from this file, and the server imports every table from it.
 */
export * from './schema/accounts';
export * from './schema/ai';
export * from './schema/bulk';
export * from './schema/chat';
export * from './schema/embeddings';
export * from './schema/feedback';
export * from './schema/feedback-tags';
export * from './schema/following';
export * from './schema/imports';
export * from './schema/library';
export * from './schema/links';
export * from './schema/maintenance';
export * from './schema/moderation';
export * from './schema/operator';
export * from './schema/public-sites';
export * from './schema/share-links';
export * from './schema/sharing';
export * from './schema/study';
export * from './schema/suggestions';
export * from './schema/teams';
