import { defineRoute } from '../route';
import { suggestTagsBody, tagSuggestionsSchema } from '../suggestions-contract';

export const suggestionApi = {
  tags: defineRoute({
    method: 'post',
    path: '/api/suggestions/tags',
    tag: 'Suggestions',
    summary: 'Tags and a collection suggested for a page',
    description:
      "The user's own tags and collections nearest the page by its words are given to the model (`modelId`, else " +
      'the default text model), which picks from them and proposes new ones only when none fits. No usable model is ' +
      'a 400 naming `modelId`; a provider failure a 502.',
    auth: 'user',
    body: { type: 'json', schema: suggestTagsBody },
    responses: { 200: { description: 'The suggestions, existing ones with their ids', schema: tagSuggestionsSchema } },
    errors: [404, 502],
  }),
};
