import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { chatApi } from '../../../lib/api/routes/chats';
import { contractRoutes } from '../../http/contract-routes';
import type { AppEnv, Deps } from '../../http/env';
import { requestContext } from '../../http/request-context';
import type { StartedAnswer } from '../answers/chat-answers';
import { regenerateMessage } from '../answers/chat-regenerate';
import { sendMessage, sendTemporaryMessage } from '../answers/chat-send';
import { contextSize } from '../answers/context-size';
import { type GenerationEvent, subscribe } from '../answers/generations';
import { makePictures, savePictureAsGem } from '../answers/pictures';
import { answerMemoryProposal } from '../memories/memories';
import {
  createChat,
  deleteChat,
  getOwnedMessage,
  listMessages,
  renameChat,
  stopMessage,
  storedMessageEvents,
  toMessage,
} from './chats';

/** What an answer's `message` event says: its stored message's id and when it was stored (null: stored nowhere). */
const messageOf = (answer: StartedAnswer) => ({ id: answer.messageId, createdAt: answer.createdAt });

/**
 * Sends events as SSE until the end event or until the client goes away (`onGone` then runs; the
 * generation itself goes on unless `onGone` ends it).
 */
function sendEvents(
  c: Context,
  message: { id: number | null; createdAt: string | null },
  source: { events: AsyncIterable<GenerationEvent>; close: () => void },
  onGone?: () => void,
) {
  return streamSSE(c, async (stream) => {
    stream.onAbort(() => {
      source.close();
      onGone?.();
    });
    await stream.writeSSE({ event: 'message', data: JSON.stringify(message) });
    for await (const event of source.events) {
      if (stream.aborted) break;
      const { type, ...data } = event;
      await stream.writeSSE({ event: type, data: JSON.stringify(data) });
    }
  });
}

/**
 * Several answers in one SSE response (`modelIds`): a `message` event per answer (id, index,
 * modelId, displayName), then the answers' events as they come, each tagged with its message `id`
 * and `index`; the response ends when every answer has ended or the client goes away (temporary
 * answers then end too; stored ones go on and can be re-attached by id).
 */
function sendManyEvents(c: Context, answers: StartedAnswer[], temporary: boolean) {
  return streamSSE(c, async (stream) => {
    const sources = answers.map((answer) => subscribe(answer.generation));
    stream.onAbort(() => {
      for (const source of sources) source.close();
      if (temporary) for (const answer of answers) answer.generation.controller.abort();
    });
    // One write at a time, in the order the events came.
    let writing: Promise<void> = Promise.resolve();
    const write = (event: string, data: unknown) => {
      writing = writing.then(() =>
        stream.aborted ? undefined : stream.writeSSE({ event, data: JSON.stringify(data) }),
      );
      return writing;
    };
    for (const [index, answer] of answers.entries()) {
      await write('message', { ...messageOf(answer), index, modelId: answer.modelId, displayName: answer.displayName });
    }
    await Promise.all(
      sources.map(async (source, index) => {
        const tag = { id: answers[index]?.messageId ?? null, index };
        for await (const event of source.events) {
          if (stream.aborted) break;
          const { type, ...data } = event;
          await write(type, { ...tag, ...data });
        }
      }),
    );
    await writing;
  });
}

/**
 * The answers to one sent message as SSE: side by side when several models were asked (`many`), else
 * the one answer's events. A temporary answer is stored nowhere and no one can re-attach to it: it
 * ends with its request.
 */
function streamAnswers(c: Context, answers: StartedAnswer[], many: boolean, temporary: boolean) {
  if (many) return sendManyEvents(c, answers, temporary);
  const [answer] = answers as [StartedAnswer];
  const onGone = temporary ? () => answer.generation.controller.abort() : undefined;
  return sendEvents(c, messageOf(answer), subscribe(answer.generation), onGone);
}

/**
 * Chats and their streamed answers (see lib/api/chat-contract.ts for the events). Answers are
 * generated apart from the request: a client that goes away loses nothing and can re-attach.
 */
export function chatRoutes(deps: Deps) {
  const { db, generations } = deps;
  return (
    contractRoutes<AppEnv>('/api')
      .implement(chatApi.create, async (c, { body }) => ({
        status: 201,
        body: { data: await createChat(db, c.get('userId'), body) },
      }))
      .implement(chatApi.rename, async (c, { params, body }) => ({
        status: 200,
        body: { data: await renameChat(db, c.get('owner'), params.id, body.title) },
      }))
      .implement(chatApi.delete, async (c, { params }) => ({
        status: 200,
        body: { data: await deleteChat(requestContext(deps, c), params.id) },
      }))
      .implement(chatApi.contextSize, async (c, { body }) => ({
        status: 200,
        body: { data: await contextSize(requestContext(deps, c), body) },
      }))
      .implement(chatApi.messages, async (c, { params }) => {
        const rows = await listMessages(db, c.get('userId'), params.id);
        return { status: 200, body: { data: rows.map(toMessage), total: rows.length } };
      })
      // Before '/chats/:id/messages', so 'temporary' is never read as a chat id.
      .implement(chatApi.askTemporary, async (c, { body }) => {
        const answers = await sendTemporaryMessage(requestContext(deps, c), body);
        return streamAnswers(c, answers, body.modelIds !== undefined, true);
      })
      .implement(chatApi.ask, async (c, { params, body }) => {
        const answers = await sendMessage(requestContext(deps, c), params.id, body);
        return streamAnswers(c, answers, body.modelIds !== undefined, body.temporary);
      })
      .implement(chatApi.stream, async (c, { params }) => {
        const messageId = params.id;
        const row = await getOwnedMessage(db, c.get('userId'), messageId);
        const generation = generations.get(messageId);
        const message = { id: messageId, createdAt: row.createdAt.toISOString() };
        if (generation) return sendEvents(c, message, subscribe(generation));
        const gone = new AbortController();
        const closing = generations.closing.signal;
        const signal = AbortSignal.any([gone.signal, closing]);
        return sendEvents(c, message, {
          events: storedMessageEvents(db, row, signal, { leaseSeconds: generations.lease.seconds }),
          close: () => gone.abort(),
        });
      })
      .implement(chatApi.regenerate, async (c, { params, body }) => {
        const started = await regenerateMessage(requestContext(deps, c), params.id, body);
        return sendEvents(c, messageOf(started), subscribe(started.generation));
      })
      .implement(chatApi.pictures, async (c, { params, body }) => {
        const made = await makePictures(requestContext(deps, c), params.id, body);
        return { status: 201, body: { data: made } };
      })
      .implement(chatApi.imageGem, async (c, { params, body }) => {
        const { gem, created } = await savePictureAsGem(requestContext(deps, c), params.id, body);
        return created ? { status: 201, body: { data: gem } } : { status: 200, body: { data: gem } };
      })
      .implement(chatApi.stop, async (c, { params }) => {
        const row = await stopMessage(requestContext(deps, c), params.id);
        return { status: 200, body: { data: toMessage(row) } };
      })
      .implement(chatApi.memoryProposal, async (c, { params, body }) => {
        const row = await answerMemoryProposal(db, c.get('userId'), params.id, body.data.action);
        return { status: 200, body: { data: toMessage(row) } };
      }).app
  );
}
