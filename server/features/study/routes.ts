import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { studyApi } from '../../../lib/api/routes/study';
import type { StudyKind } from '../../../lib/api/study-contract';
import { contractRoutes } from '../../http/contract-routes';
import type { AppEnv, Deps } from '../../http/env';
import { type StudyEvent, startStudy } from './generate-study';
import { getGemStudy } from './study-store';

/**
 * The events as SSE. A client that goes away stops receiving them, not the generation: it is stored all the same,
 * and the gem's sheet shows it next time.
 */
function sendStudy(c: Context, events: AsyncIterable<StudyEvent>) {
  return streamSSE(c, async (stream) => {
    for await (const { type, ...data } of events) {
      if (!stream.aborted) await stream.writeSSE({ event: type, data: JSON.stringify(data) });
    }
  });
}

/** Summaries, flash cards and quizzes of gems (lib/api/routes/study.ts), mounted at /api. */
export function studyRoutes({ db, ai }: Deps) {
  const generate =
    (kind: StudyKind) =>
    async (c: Context<AppEnv>, { body }: { body: { modelId: number; gemId?: number; context?: string } }) =>
      sendStudy(c, await startStudy(db, ai, c.get('userId'), { kind, ...body }));
  return contractRoutes<AppEnv>('/api')
    .implement(studyApi.get, async (c, { params }) => ({
      status: 200,
      body: { data: await getGemStudy(db, c.get('userId'), params.id) },
    }))
    .implement(studyApi.summary, generate('summary'))
    .implement(studyApi.flashCards, generate('flashCards'))
    .implement(studyApi.quiz, generate('quiz')).app;
}
