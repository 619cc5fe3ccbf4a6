import { z } from 'zod';
import { dataOf } from '../core-contract';
import { idParamSchema } from '../integers';
import { defineRoute } from '../route';
import { gemStudySchema, generateStudyBody } from '../study-contract';

const id = z.object({ id: idParamSchema });

const eventStream = {
  description:
    'Server-sent events: `delta` (a piece of the summary) or `partial` (the cards or quiz so far), then `done` (what ' +
    'was made and whether it was stored) or `error` (the model failed or its answer was not what was asked for)',
  content: 'text/event-stream',
} as const;

const generate = (path: string, what: string) =>
  defineRoute({
    method: 'post',
    path,
    tag: 'Study',
    summary: `Generate ${what} from a gem or a text`,
    description:
      `With \`gemId\`: from the gem's saved text, stored with the gem (replacing the one before) once complete; needs ` +
      'the right to change the gem. With `context`: from that text, stored nowhere. A house model costs credits as ' +
      'an answer does. A gem with no saved text is a 400 naming `gemId`.',
    auth: 'user',
    body: { type: 'json', schema: generateStudyBody },
    responses: { 200: eventStream },
    errors: [404, 502],
  });

/** Summaries, flash cards and quizzes made from gems (lib/api/study-contract.ts). */
export const studyApi = {
  get: defineRoute({
    method: 'get',
    path: '/api/gems/{id}/study',
    tag: 'Study',
    summary: "A gem's summary, flash cards and quiz",
    description: 'Those stored with the gem (null where none was made), for anyone who may read the gem.',
    auth: 'user',
    params: id,
    responses: { 200: { description: 'What is stored', schema: dataOf(gemStudySchema) } },
    errors: [404],
  }),
  summary: generate('/api/generate-summary', 'a summary'),
  flashCards: generate('/api/generate-flash-cards', 'flash cards'),
  quiz: generate('/api/generate-quiz', 'a quiz'),
};
