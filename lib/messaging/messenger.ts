import { defineExtensionMessaging } from '@webext-core/messaging';
import type { BackgroundClient, MessageName, ProtocolMap } from './protocol';

export const messenger = defineExtensionMessaging<ProtocolMap>();

const names: MessageName[] = [
  'getSession',
  'setServerUrl',
  'signUp',
  'signIn',
  'signOut',
  'getActivePage',
  'listCollections',
  'createCollection',
  'listTags',
  'findGemsAtUrl',
  'saveGem',
  'listQueue',
  'retryQueued',
  'discardQueued',
  'getPreferences',
  'setPreferences',
  'updateGem',
  'listGems',
  'createTag',
  'uploadFeedbackImage',
  'deleteUploadedImage',
  'submitFeedback',
  'getDiagnostics',
  'getAiSettings',
  'listUserModels',
  'setProviderKey',
  'removeProviderKey',
  'selectModel',
  'updateAiSettings',
];

/** The real client: each call is a message to the background. */
export function createBackgroundClient(): BackgroundClient {
  const send = messenger.sendMessage as (name: MessageName, data?: unknown) => Promise<unknown>;
  return Object.fromEntries(names.map((name) => [name, (data?: unknown) => send(name, data)])) as BackgroundClient;
}

export const messageNames = names;
