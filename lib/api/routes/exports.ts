import { z } from 'zod';
import { exportBody } from '../export-contract';
import { idParamSchema } from '../integers';
import { defineRoute } from '../route';

const FILE_ANSWER = {
  description:
    'The file, streamed as an attachment with its name: application/json (Trove JSON), text/html (bookmarks), ' +
    'text/csv or application/zip (Markdown)',
  content: 'application/octet-stream',
} as const;

const FORMATS =
  '`trove-json`: everything, lossless and versioned (`{format: "trove", version: 1, …}`), which the import reads ' +
  'back; `netscape-html`: bookmarks HTML, folders for collections, with `TAGS` and `ADD_DATE`; `raindrop-csv`: ' +
  "Raindrop's columns; `markdown-zip`: one Markdown file per gem with its fields as front matter. Only the JSON " +
  'carries the trash, chats and the chat panel’s kinds; the others carry the saves.';

/** Taking a library out: the whole of it or one collection with its sub-collections, in four formats. */
export const exportsApi = {
  library: defineRoute({
    method: 'post',
    path: '/api/library-export',
    tag: 'Import and export',
    summary: 'Export the whole library (or, as Trove JSON, all my data)',
    description: `${FORMATS} As Trove JSON: the collection tree, tags with their nesting and colours, every gem with every field (notes, favourite, page text, trash state, manual order, dates), saved searches, prompts, brand voices, personas, memories and chats with their messages.`,
    auth: 'user',
    body: { type: 'json', schema: exportBody },
    responses: { 200: FILE_ANSWER },
    errors: [],
  }),
  collection: defineRoute({
    method: 'post',
    path: '/api/collection-export/{id}',
    tag: 'Import and export',
    summary: 'Export one collection with its sub-collections',
    description: `${FORMATS} As Trove JSON: the collection's tree, its gems and the tags they carry.`,
    auth: 'user',
    params: z.object({ id: idParamSchema }),
    body: { type: 'json', schema: exportBody },
    responses: { 200: FILE_ANSWER },
    errors: [404],
  }),
};
