import { defineExtensionMessaging } from '@webext-core/messaging';
import type { BackgroundClient, MessageName, ProtocolMap } from './protocol';

export const messenger = defineExtensionMessaging<ProtocolMap>();

/**
 * The real client: each call is a message to the background. The names come from ProtocolMap's
 * type alone (the background registers a handler for every one of them, checked by the compiler).
 */
export function createBackgroundClient(): BackgroundClient {
  const send = messenger.sendMessage as (name: MessageName, data?: unknown) => Promise<unknown>;
  return new Proxy({} as BackgroundClient, {
    // `then` stays undefined so the client is never mistaken for a promise.
    get: (_target, name) =>
      typeof name === 'string' && name !== 'then' ? (data?: unknown) => send(name as MessageName, data) : undefined,
  });
}
