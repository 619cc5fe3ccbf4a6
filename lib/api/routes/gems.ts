import { z } from 'zod';
import {
  audioGemQuery,
  createAudioGemBody,
  createCodeGemBody,
  createGemBody,
  createPdfGemBody,
  createVideoGemBody,
  dataOf,
  deletedSchema,
  editBookmarksBody,
  gemListSchema,
  gemSchema,
  gemSummarySchema,
  IDEMPOTENCY_HEADER,
  idempotencyKeySchema,
  listOf,
  pageQuery,
  updateGemBody,
  urlQuery,
} from '../core-contract';
import { idParamSchema } from '../integers';
import {
  countGemQuery,
  favouriteResultSchema,
  gemIdsBody,
  gemPositionBody,
  gemPositionResultSchema,
  idsResultSchema,
} from '../library-contract';
import { defineRoute } from '../route';

const byId = z.object({ id: idParamSchema });
/** A retry with the same key answers the first gem (200) instead of saving a second. */
export const idempotencyHeaders = z.object({ [IDEMPOTENCY_HEADER]: idempotencyKeySchema.optional() });

/** A save answers the gem without its page text: the saver sent it, and it can be megabytes (`GET /api/gems/{id}` has it). */
const saved = {
  201: { description: 'The new gem (without its page text)', schema: dataOf(gemSummarySchema) },
  200: {
    description: 'The gem saved before with the same Idempotency-Key (without its page text)',
    schema: dataOf(gemSummarySchema),
  },
} as const;

const createRoute = <const P extends string, S extends z.ZodType>(
  path: P,
  summary: string,
  body: { type: 'json'; schema: S; description?: string },
) =>
  defineRoute({
    method: 'post',
    path,
    tag: 'Gems',
    summary,
    auth: 'user',
    headers: idempotencyHeaders,
    body,
    description:
      'A `collectionId` may be a collection shared with the user as contributor, editor or admin: the gem is then ' +
      "the collection owner's, added by the user, and takes no tags (they are the owner's: `tags` is a 403 naming " +
      '`data.tags`); as viewer it is a 403 naming `data.collectionId`.',
    responses: saved,
    errors: [403, 404, 409],
  });

const typed = (type: string) =>
  `The \`POST /api/gems\` body; \`media_type\` may be left out and is then ${type} (another type is a 400 naming \`data.media_type\`).`;

export const gemApi = {
  create: createRoute('/api/gems', 'Save a gem', {
    type: 'json',
    schema: createGemBody,
    description:
      '`tags` holds tag ids or names (matched case-insensitively). `url`: http(s), at most 2,048 characters, also once ' +
      'canonicalised. `publishedAt`: ISO date-time with offset, years 100–9999 in UTC. `collectionId`: AI Chats is ' +
      'refused (400 naming `data.collectionId`): it holds chats, not saves. An image gem by URL only is this route ' +
      "with `media_type: 'Image'`.",
  }),
  createCode: createRoute('/api/code', 'Save selected code as a Code gem', {
    type: 'json',
    schema: createCodeGemBody,
    description: `${typed('Code')} \`media.code\` is required and kept exactly as sent; \`url\` is the page it came from.`,
  }),
  createPdf: createRoute('/api/pdf', 'Save a PDF gem', {
    type: 'json',
    schema: createPdfGemBody,
    description: `${typed('PDF')} \`url\` is the PDF or its page; \`media.mediaUrl\` the file's http(s) URL.`,
  }),
  createAudio: defineRoute({
    ...createRoute('/api/audios', 'Save an Audio gem', {
      type: 'json',
      schema: createAudioGemBody,
      description: `${typed('Audio')} \`media.mediaUrl\`: the file's http(s) URL; \`isRecord\` in the query is kept as \`media.isRecord\`.`,
    }),
    query: audioGemQuery,
  }),
  createVideo: createRoute('/api/videos', 'Save a Video gem', {
    type: 'json',
    schema: createVideoGemBody,
    description: `${typed('Video')} \`media.mediaUrl\`: the file's http(s) URL.`,
  }),
  get: defineRoute({
    method: 'get',
    path: '/api/gems/{id}',
    tag: 'Gems',
    summary: 'One gem',
    description:
      "The user's own, or one shared with them (through a collection or tag); a shared gem's `isFavourite` is " +
      "false (favourites are the owner's own).",
    auth: 'user',
    params: byId,
    responses: { 200: { description: 'The gem', schema: dataOf(gemSchema) } },
    errors: [],
  }),
  update: defineRoute({
    method: 'put',
    path: '/api/gems/{id}',
    tag: 'Gems',
    summary: 'Edit a gem',
    description:
      'Moving a gem other than a chat into AI Chats is a 400 naming `data.collectionId`. A shared gem is edited ' +
      'as the role allows (editor and admin: any gem; contributor: the gems they added; viewer: none, a 403); its ' +
      "`collectionId`, `tags` and `isFavourite` stay the owner's (a 403 naming the field).",
    auth: 'user',
    params: byId,
    body: { type: 'json', schema: updateGemBody },
    responses: { 200: { description: 'The gem as saved', schema: dataOf(gemSchema) } },
    errors: [403, 409],
  }),
  delete: defineRoute({
    method: 'delete',
    path: '/api/gems/{id}',
    tag: 'Gems',
    summary: 'Move a gem to the trash',
    description:
      'The gem keeps its collection, tags, notes and files, and leaves every list, count and search until it is ' +
      'restored (`POST /api/trash/restore`); emptying the trash, or 30 days, deletes it for good with its files. ' +
      "A shared gem goes to its owner's trash when the role allows (as for an edit), else a 403.",
    auth: 'user',
    params: byId,
    responses: { 200: { description: 'The deleted id', schema: deletedSchema } },
    errors: [403],
  }),
  library: defineRoute({
    method: 'get',
    path: '/api/get-all-bookmark',
    tag: 'Gems',
    summary: "A page of the user's saves, newest first",
    description: 'Chats, prompts, brand voices, agents and memories are not saves and are left out.',
    auth: 'user',
    query: pageQuery,
    responses: { 200: { description: 'A page of gems', schema: gemListSchema } },
    errors: [],
  }),
  atUrl: defineRoute({
    method: 'get',
    path: '/api/gems-at-url',
    tag: 'Gems',
    summary: 'The gems saved from a page (by its canonical URL)',
    description:
      "Compared by canonical URL (the README's Duplicates rules: http or https, a leading www., default ports, a " +
      'trailing slash, the fragment and tracking parameters ignored); ' +
      "chats started on the page are not saves of it and are left out. The user's own gems come first, then those " +
      'they added to collections shared with them while their role lets them change them (with `sharedAccess`).',
    auth: 'user',
    query: urlQuery,
    responses: { 200: { description: 'The gems of that page', schema: listOf(gemSummarySchema) } },
    errors: [],
  }),
};

/** Favourites, bulk trash and edits, and the manual order (the library). */
export const gemEditApi = {
  deleteMany: defineRoute({
    method: 'post',
    path: '/api/delete-bookmarks',
    tag: 'Gems',
    summary: 'Move several gems to the trash',
    description:
      'An id of a gem the user cannot read (or trashed already) is a 404, of a shared gem their role does not let ' +
      'them delete a 403, each naming `ids.<i>`; every id is checked before any is moved.',
    auth: 'user',
    body: { type: 'json', schema: gemIdsBody },
    responses: { 200: { description: 'The trashed ids', schema: idsResultSchema } },
    errors: [403, 404],
  }),
  editMany: defineRoute({
    method: 'put',
    path: '/api/edit-bookmarks',
    tag: 'Gems',
    summary: 'Edit up to 500 gems at once',
    description:
      'Each entry is a gem id and the fields of `PUT /api/gems/{id}` to change. All or none: one id that is not the ' +
      "user's gem is a 404, one bad field a 400 naming `bookmarks.<i>.<field>`.",
    auth: 'user',
    body: { type: 'json', schema: editBookmarksBody },
    responses: { 200: { description: 'The gems as saved, in the order sent', schema: listOf(gemSummarySchema) } },
    errors: [404, 409],
  }),
  like: defineRoute({
    method: 'put',
    path: '/api/count-gem/{id}',
    tag: 'Gems',
    summary: 'Toggle a gem as a favourite',
    description:
      '`type=like` turns the favourite on when it is off and off when it is on. Favourites are personal: a gem ' +
      'shared with the user is a 403 (only its owner marks it).',
    auth: 'user',
    params: byId,
    query: countGemQuery,
    responses: { 200: { description: "The gem's new state", schema: favouriteResultSchema } },
    errors: [403],
  }),
  position: defineRoute({
    method: 'put',
    path: '/api/gems/{id}/position',
    tag: 'Gems',
    summary: "Place a gem in its collection's manual order",
    description:
      '`after` is the gem it goes right after, `before` the gem it goes right before (one or both, both in the same ' +
      "collection as it). Only this gem's key is written (a fractional key between its neighbours'), except the " +
      'first time a collection is ordered, when its gems get keys in their current order.',
    auth: 'user',
    params: byId,
    body: { type: 'json', schema: gemPositionBody },
    responses: { 200: { description: "The gem's new key", schema: gemPositionResultSchema } },
    errors: [],
  }),
};
