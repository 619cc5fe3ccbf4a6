import type { RouteDef } from '../route';
import { accessEventsApi } from './access-events';
import { accountApi } from './account';
import { adminApi } from './admin';
import { aiEndpointApi } from './ai-endpoints';
import { aiSettingsApi } from './ai-settings';
import { authApi } from './auth';
import { bulkApi } from './bulk';
import { chatFileApi } from './chat-files';
import { chatHistoryApi } from './chat-history';
import { chatShareApi, sharedChatApi } from './chat-shares';
import { chatApi } from './chats';
import { collectionApi, collectionTreeApi } from './collections';
import { customSiteApi, customSitePageApi } from './custom-sites';
import { documentApi } from './documents';
import { duplicatesApi } from './duplicates';
import { embeddingsApi } from './embeddings';
import { exportsApi } from './exports';
import { feedbackApi } from './feedbacks';
import { followPageApi } from './follow-page';
import { followingApi } from './following';
import { gemApi, gemEditApi } from './gems';
import { healthApi } from './health';
import { importsApi } from './imports';
import { brandVoiceApi, personaApi } from './instructions';
import { linkApi } from './links';
import { mediaLookupApi } from './media-lookup';
import { memoryApi } from './memories';
import { moderationApi } from './moderation';
import { ocrApi } from './ocr';
import { oidcApi } from './oidc';
import { operatorApi } from './operator';
import { promptApi } from './prompts';
import { publicCollectionApi, publicPageApi } from './public-collections';
import { anonymousUseApi, publicPromptPageApi } from './public-prompts';
import { referenceApi } from './reference';
import { searchApi } from './search';
import { shareLinkApi, shareLinkPageApi } from './share-links';
import { sharingApi } from './sharing';
import { studyApi } from './study';
import { suggestionApi } from './suggestions';
import { tagApi, tagTreeApi } from './tags';
import { teamsApi } from './teams';
import { trashApi } from './trash';
import { uploadApi } from './uploads';
import { userApi } from './users';

/**
 * Every route in the contract, by feature: the OpenAPI document and the route tests are generated from this list.
 * A new feature's routes are added here (see README, "How to add a route").
 */
export const API: Readonly<Record<string, Readonly<Record<string, RouteDef>>>> = {
  health: healthApi,
  chats: chatApi,
  chatHistory: chatHistoryApi,
  chatShares: chatShareApi,
  sharedChats: sharedChatApi,
  chatFiles: chatFileApi,
  prompts: promptApi,
  brandVoices: brandVoiceApi,
  personas: personaApi,
  reference: referenceApi,
  aiSettings: aiSettingsApi,
  aiEndpoints: aiEndpointApi,
  memories: memoryApi,
  auth: authApi,
  users: userApi,
  account: accountApi,
  admin: adminApi,
  operator: operatorApi,
  tags: tagApi,
  tagTree: tagTreeApi,
  collections: collectionApi,
  collectionTree: collectionTreeApi,
  gems: gemApi,
  search: searchApi,
  gemEdits: gemEditApi,
  trash: trashApi,
  bulk: bulkApi,
  imports: importsApi,
  duplicates: duplicatesApi,
  links: linkApi,
  exports: exportsApi,
  uploads: uploadApi,
  feedbacks: feedbackApi,
  sharing: sharingApi,
  accessEvents: accessEventsApi,
  publicCollections: publicCollectionApi,
  publicPages: publicPageApi,
  following: followingApi,
  shareLinks: shareLinkApi,
  shareLinkPages: shareLinkPageApi,
  moderation: moderationApi,
  followPage: followPageApi,
  anonymousUse: anonymousUseApi,
  publicPromptPages: publicPromptPageApi,
  customSites: customSiteApi,
  customSitePages: customSitePageApi,
  study: studyApi,
  ocr: ocrApi,
  documents: documentApi,
  embeddings: embeddingsApi,
  suggestions: suggestionApi,
  teams: teamsApi,
  oidc: oidcApi,
  mediaLookup: mediaLookupApi,
};

/** Every route of the contract with its operation id (`feature.name`). */
export const contractRoutes = (): { id: string; route: RouteDef }[] =>
  Object.entries(API).flatMap(([feature, routes]) =>
    Object.entries(routes).map(([name, route]) => ({ id: `${feature}.${name}`, route })),
  );
