import { browser } from 'wxt/browser';
import { toUiError } from '../api/call-error';
import type { AccountMessages } from '../messaging/features/account';
import type { AiMessages } from '../messaging/features/ai';
import type { ChatMessages } from '../messaging/features/chat';
import type { FeedbackMessages } from '../messaging/features/feedback';
import type { LibraryMessages } from '../messaging/features/library';
import type { PageMessages } from '../messaging/features/page';
import type { SaveMessages } from '../messaging/features/saves';
import { messenger } from '../messaging/messenger';
import type { MessageName, ProtocolMap, Result } from '../messaging/protocol';
import { getActiveTab } from '../page/active-tab';
import { blockedSitesItem } from '../page/blocked-sites';
import { getActivePage } from './active-page';
import * as aiSettings from './ai-settings';
import { lendAccessToken } from './api-client';
import * as blockedSites from './blocked-sites';
import { getDiagnostics, recordError } from './diagnostics';
import * as feedback from './feedback';
import * as library from './library';
import * as preferences from './preferences';
import * as saves from './saves';
import { saveScreenshot } from './screenshot';
import { checkServer } from './server-check';
import * as session from './session';

/** One handler per message of a feature's map: a missing or misspelt one does not compile. */
type Handlers<Map> = {
  [K in keyof Map]: Map[K] extends (input: infer I) => unknown ? (input: I) => Promise<unknown> : never;
};

const account: Handlers<AccountMessages> = {
  getSession: () => session.getSession(),
  setServerUrl: (url) => session.setServerUrl(url),
  checkServer: (url) => checkServer(url),
  signUp: (input) => session.signUp(input),
  signIn: (input) => session.signIn(input),
  signInWithOidc: () => session.signInWithOidc(),
  signOut: () => session.signOut(),
  reloadUser: () => session.reloadUser(),
  setBlockedSites: (hosts) => blockedSites.setBlockedSites(hosts),
  getBlockedSites: () => blockedSitesItem.getValue(),
  unblockSite: (host) => blockedSites.unblockSite(host),
};

const page: Handlers<PageMessages> = {
  getActiveTab: (input) => getActiveTab(input?.tabId),
  getActivePage: (input) => getActivePage(input?.tabId),
};

const libraryHandlers: Handlers<LibraryMessages> = {
  listCollections: () => library.listCollections(),
  listSharedCollections: () => library.listSharedCollections(),
  createCollection: (input) => library.createCollection(input),
  listTags: () => library.listTags(),
  createTag: (input) => feedback.createTag(input),
  findGemsAtUrl: (url) => library.findGemsAtUrl(url),
  updateGem: (input) => library.updateGem(input),
  deleteGem: (input) => library.deleteGem(input),
  listGems: (input) => library.listGems(input),
};

const saveHandlers: Handlers<SaveMessages> = {
  saveGem: (input) => saves.queueSave(input),
  saveScreenshot: () => saveScreenshot(),
  listQueue: () => saves.listQueue(),
  retryQueued: ({ key }) => saves.retryQueued(key),
  discardQueued: ({ key }) => saves.discardQueued(key),
  getPreferences: () => preferences.getPreferences(),
  setPreferences: (change) => preferences.setPreferences(change),
  getSuggestionSettings: () => library.getSuggestionSettings(),
};

const feedbackHandlers: Handlers<FeedbackMessages> = {
  uploadFeedbackImage: (input) => feedback.uploadFeedbackImage(input),
  deleteUploadedImage: (input) => feedback.deleteUploadedImage(input),
  submitFeedback: (input) => feedback.submitFeedback(input),
  getDiagnostics: async () => getDiagnostics(await aiSettings.describeDefaultModel()),
};

const ai: Handlers<AiMessages> = {
  getAiSettings: () => aiSettings.getAiSettings(),
  listUserModels: () => aiSettings.listUserModels(),
  setProviderKey: (input) => aiSettings.setProviderKey(input),
  removeProviderKey: (input) => aiSettings.removeProviderKey(input),
  selectModel: (input) => aiSettings.selectModel(input),
  updateAiSettings: (input) => aiSettings.updateAiSettings(input),
  listCustomEndpoints: () => aiSettings.listCustomEndpoints(),
  addCustomEndpoint: (input) => aiSettings.addCustomEndpoint(input),
  testCustomEndpoint: (input) => aiSettings.testCustomEndpoint(input),
  refreshCustomEndpoint: (input) => aiSettings.refreshCustomEndpoint(input),
  setModelContextLength: (input) => aiSettings.setModelContextLength(input),
  removeCustomEndpoint: (input) => aiSettings.removeCustomEndpoint(input),
};

const chat: Handlers<ChatMessages> = {
  getLentAccess: (input) => lendAccessToken(input?.refresh === true),
};

const handlers: Handlers<ProtocolMap> = {
  ...account,
  ...page,
  ...libraryHandlers,
  ...saveHandlers,
  ...feedbackHandlers,
  ...ai,
  ...chat,
};

/** Only the extension's own pages may talk to the background; content scripts and other extensions may not. */
export function isTrustedSender(sender: { id?: string; url?: string }): boolean {
  const origin = browser.runtime.getURL('/');
  return sender.id === browser.runtime.id && typeof sender.url === 'string' && sender.url.startsWith(origin);
}

type Listener = (message: { data: unknown; sender: { id?: string; url?: string } }) => Promise<Result<unknown>>;
const onMessage = messenger.onMessage as unknown as (name: MessageName, listener: Listener) => void;

export function registerMessageHandlers() {
  for (const name of Object.keys(handlers) as MessageName[]) {
    onMessage(name, async ({ data, sender }) => {
      if (!isTrustedSender(sender))
        return { ok: false, error: { kind: 'invalid', status: 403, message: 'Not allowed' } };
      try {
        return { ok: true, data: await (handlers[name] as (input: unknown) => Promise<unknown>)(data) };
      } catch (error) {
        const ui = toUiError(error);
        await recordError(name, ui.message).catch(() => {});
        return { ok: false, error: ui };
      }
    });
  }
}
