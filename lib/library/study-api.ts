import type { z } from 'zod';
import { CallError } from '../api/call-error';
import type { ApiClient } from '../api/client';
import { aiSettingsApi } from '../api/routes/ai-settings';
import { studyApi } from '../api/routes/study';
import { type StudyKind, studyStreamEvents } from '../api/study-contract';
import { readSse } from '../chat/sse';

type Events = typeof studyStreamEvents;
/** One event of a generation's stream, parsed (lib/api/study-contract.ts). */
export type StudyEvent = { [K in keyof Events]: { type: K } & z.output<Events[K]> }[keyof Events];

const ROUTES = { summary: studyApi.summary, flashCards: studyApi.flashCards, quiz: studyApi.quiz };

/** The library's calls for a gem's summary, flash cards and quiz (server/features/study). */
export function createStudyApi(client: ApiClient) {
  return {
    get: async (gemId: number) => (await client.call(studyApi.get, { params: { id: gemId } })).data,
    /** The user's models and AI settings: which model generates (the chat's default). */
    models: async () => {
      const [models, settings] = await Promise.all([
        client.call(aiSettingsApi.userModels),
        client.call(aiSettingsApi.get),
      ]);
      return { models: models.data, settings: settings.data };
    },
    /** The events of one generation from the gem's saved text; a refusal (no text, no model) throws a CallError. */
    async *generate(kind: StudyKind, gemId: number, modelId: number, signal?: AbortSignal): AsyncGenerator<StudyEvent> {
      const response = await client.send(ROUTES[kind], { body: { gemId, modelId }, signal });
      if (!response.body || !response.headers.get('content-type')?.startsWith('text/event-stream'))
        throw new CallError({
          kind: 'server',
          status: response.status,
          message: 'The server did not stream an answer.',
        });
      for await (const sse of readSse(response.body)) {
        const schema = studyStreamEvents[sse.event as keyof Events];
        if (!schema) continue;
        const data = schema.safeParse(JSON.parse(sse.data));
        if (data.success) yield { type: sse.event, ...data.data } as StudyEvent;
      }
    },
  };
}

export type StudyApi = ReturnType<typeof createStudyApi>;
