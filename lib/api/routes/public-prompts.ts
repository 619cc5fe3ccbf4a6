import { z } from 'zod';
import { dataOf } from '../core-contract';
import { anonymousUseBody, anonymousUseSchema } from '../public-prompt-contract';
import { defineRoute } from '../route';

const SETTINGS = {
  200: { description: 'The anonymous-use settings and the owner’s public prompts', schema: dataOf(anonymousUseSchema) },
} as const;

/** The owner's anonymous-use settings of their public prompts (mounted at /api). */
export const anonymousUseApi = {
  get: defineRoute({
    method: 'get',
    path: '/api/anonymous-use',
    tag: 'Public prompts',
    summary: 'Whether visitors may run your public prompts, with which models and limits',
    auth: 'user',
    responses: SETTINGS,
    errors: [],
  }),
  update: defineRoute({
    method: 'put',
    path: '/api/anonymous-use',
    tag: 'Public prompts',
    summary: 'Choose the models, the daily limit per visitor and the monthly budget of anonymous use',
    description:
      '`enabledModels`: ids of models you can use (GET /api/user-models); another id is a 400 naming it. What the body ' +
      'leaves out keeps its value.',
    auth: 'user',
    body: { type: 'json', schema: anonymousUseBody },
    responses: SETTINGS,
    errors: [],
  }),
  enable: defineRoute({
    method: 'post',
    path: '/api/enable-anonymous-users',
    tag: 'Public prompts',
    summary: 'Let visitors who are not signed in run your public prompts',
    auth: 'user',
    responses: SETTINGS,
    errors: [],
  }),
  disable: defineRoute({
    method: 'post',
    path: '/api/disable-anonymous-users',
    tag: 'Public prompts',
    summary: 'Stop anonymous runs of your public prompts (at once: the next Generate leads to sign-up)',
    auth: 'user',
    responses: SETTINGS,
    errors: [],
  }),
};

const page = z.object({ username: z.string(), slug: z.string() });
const HTML = 'text/html';

/** The public prompt pages (mounted at the root): plain HTML, no script; the form posts back to the same address. */
export const publicPromptPageApi = {
  page: defineRoute({
    method: 'get',
    path: '/prompts/{username}/{slug}',
    tag: 'Public prompts',
    summary: 'A public prompt’s page: its variables as a form, and Generate',
    auth: 'none',
    params: page,
    responses: {
      200: { description: 'The page', content: HTML },
      404: { description: 'No such public prompt (unknown, private and deleted alike)', content: HTML },
    },
    errors: [],
  }),
  generate: defineRoute({
    method: 'post',
    path: '/prompts/{username}/{slug}',
    tag: 'Public prompts',
    summary: 'Run a public prompt without an account (when its owner allows it)',
    description:
      'The form: `modelId` (one of the models the owner enabled) and `v.{variable}` per variable, or `text` when the ' +
      'prompt has none. The page is sent at once and the answer streams into it as escaped text. Empty input is a 400 ' +
      '("Please enter text to generate"); anonymous use off, a 403 page leading to sign-up; over the visitor’s daily ' +
      'limit or the owner’s monthly budget, a 429.',
    auth: 'none',
    params: page,
    body: {
      type: 'multipart',
      schema: z.object({ modelId: z.string(), text: z.string().optional() }).catchall(z.string()),
      files: [],
    },
    responses: {
      200: { description: 'The page with the answer streaming in', content: HTML },
      400: { description: 'The form again, saying what is missing or refused', content: HTML },
      403: { description: 'Anonymous use is off: the sign-up page', content: HTML },
      404: { description: 'No such public prompt', content: HTML },
      429: { description: 'Over the daily limit or the monthly budget', content: HTML },
    },
    errors: [],
  }),
};
