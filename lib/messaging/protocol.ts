import type { AccountMessages } from './features/account';
import type { AiMessages } from './features/ai';
import type { ChatMessages } from './features/chat';
import type { FeedbackMessages } from './features/feedback';
import type { LibraryMessages } from './features/library';
import type { PageMessages } from './features/page';
import type { SaveMessages } from './features/saves';

export * from './types';

/**
 * Messages the extension's own pages (popup, options, side panel) send to the background, which
 * alone holds the tokens and calls the server, one map per feature. Each answers a Result so
 * failures cross the boundary typed. The names exist only here: the background's handlers and the
 * pages' client are typed from this map, so a missing or misspelt name does not compile.
 */
export interface ProtocolMap
  extends AccountMessages,
    PageMessages,
    LibraryMessages,
    SaveMessages,
    FeedbackMessages,
    AiMessages,
    ChatMessages {}

export type MessageName = keyof ProtocolMap;
export type MessageInput<K extends MessageName> = Parameters<ProtocolMap[K]>[0];
export type MessageOutput<K extends MessageName> = ReturnType<ProtocolMap[K]>;

/** The background as the UI sees it; the popup and options pages get one through React context. */
export type BackgroundClient = {
  [K in MessageName]: (...args: Parameters<ProtocolMap[K]>) => Promise<ReturnType<ProtocolMap[K]>>;
};
