/**
 * The one API contract: the server validates requests with these schemas and the extension parses responses with them.
 * Each feature's schemas live in a module of their own; this gathers them all.
 */
export * from './ai-contract';
export * from './chat-contract';
export * from './chat-files-contract';
export * from './core-contract';
export * from './library-contract';
export * from './tag-contract';
export * from './upload-contract';
export * from './voice-contract';
