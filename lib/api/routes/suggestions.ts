import { defineRoute } from '../route';
import {
  gemTagSuggestionsSchema,
  MAX_SUGGEST_GEMS,
  suggestGemTagsBody,
  suggestionSettingsSchema,
  suggestTagsBody,
  tagSuggestionsSchema,
  updateSuggestionSettingsBody,
} from '../suggestions-contract';

export const suggestionApi = {
  tags: defineRoute({
    method: 'post',
    path: '/api/suggestions/tags',
    tag: 'Suggestions',
    summary: 'Tags and a collection suggested for a page',
    description:
      "The user's own tags and collections nearest the page by its words are given to the model (`modelId`, else " +
      'the one chosen for suggestions, else the default text model), which picks from them and proposes new ones only when none fits. No usable model is ' +
      'a 400 naming `modelId`; a provider failure a 502.',
    auth: 'user',
    body: { type: 'json', schema: suggestTagsBody },
    responses: { 200: { description: 'The suggestions, existing ones with their ids', schema: tagSuggestionsSchema } },
    errors: [404, 502],
  }),
  gemTags: defineRoute({
    method: 'post',
    path: '/api/suggestions/gem-tags',
    tag: 'Suggestions',
    summary: 'Tags suggested for gems of the library',
    description:
      `For each of up to ${MAX_SUGGEST_GEMS} of the user's own gems (in the order named), the tags suggested from its ` +
      "title, description and text, as for a page: the user's nearest tags first, new ones only when none fits; tags " +
      "the gem has already are left out. An id that is not the user's gem (trashed, another user's, none) is a 404 " +
      'naming it; no usable model a 400 naming `modelId`. A gem the model failed on says why in its `error`.',
    auth: 'user',
    body: { type: 'json', schema: suggestGemTagsBody },
    responses: { 200: { description: 'Per gem, its suggestions', schema: gemTagSuggestionsSchema } },
    errors: [404],
  }),
  settings: defineRoute({
    method: 'get',
    path: '/api/suggestions/settings',
    tag: 'Suggestions',
    summary: 'Whether the popup suggests at save time, and with which model',
    description:
      'Not chosen (`enabled` null), suggestions are on once a model is usable; `active` says whether they run now, ' +
      '`reason` why no model is usable.',
    auth: 'user',
    responses: { 200: { description: 'The setting and the model it would use', schema: suggestionSettingsSchema } },
    errors: [],
  }),
  updateSettings: defineRoute({
    method: 'put',
    path: '/api/suggestions/settings',
    tag: 'Suggestions',
    summary: 'Switch suggestions at save time on or off, choose their model',
    description:
      '`enabled` null goes back to "not chosen"; `modelId` null to the default text model. A model the user cannot ' +
      'use is a 400 naming `modelId`, one they cannot see a 404.',
    auth: 'user',
    body: { type: 'json', schema: updateSuggestionSettingsBody },
    responses: { 200: { description: 'The setting as saved', schema: suggestionSettingsSchema } },
    errors: [404],
  }),
};
