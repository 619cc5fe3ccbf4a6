import { defineExtensionMessaging } from '@webext-core/messaging';
import type { BackgroundClient, MessageInput, MessageName, MessageOutput, ProtocolMap } from './protocol';

export const messenger = defineExtensionMessaging<ProtocolMap>();

/** A question a page can answer without the background: no server, no tokens, only the browser's own APIs. */
export type LocalAnswers = {
  [K in MessageName]?: (input: MessageInput<K>) => Promise<Extract<MessageOutput<K>, { ok: true }>['data']>;
};

/**
 * The real client: each call is a message to the background. The names come from ProtocolMap's
 * type alone (the background registers a handler for every one of them, checked by the compiler).
 * `local` answers some in the page itself, with the same Result: asked of a stopped service worker,
 * they would first wait for it to start (~150 ms here), which a toolbar click should not.
 */
export function createBackgroundClient(local: LocalAnswers = {}): BackgroundClient {
  const send = messenger.sendMessage as (name: MessageName, data?: unknown) => Promise<unknown>;
  const answer = (name: MessageName, data?: unknown) => {
    const here = local[name] as ((input: unknown) => Promise<unknown>) | undefined;
    if (!here) return send(name, data);
    return here(data).then(
      (value) => ({ ok: true, data: value }),
      (error: unknown) => ({
        ok: false,
        error: { kind: 'unknown', status: 0, message: error instanceof Error ? error.message : String(error) },
      }),
    );
  };
  return new Proxy({} as BackgroundClient, {
    // `then` stays undefined so the client is never mistaken for a promise.
    get: (_target, name) =>
      typeof name === 'string' && name !== 'then' ? (data?: unknown) => answer(name as MessageName, data) : undefined,
  });
}
