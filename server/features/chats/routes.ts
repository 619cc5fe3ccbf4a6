import type { Context } from 'hono';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import {
  contextSizeBody,
  createChatBody,
  idParamSchema,
  memoryProposalAnswerBody,
  pictureBody,
  pictureGemBody,
  regenerateBody,
  renameChatBody,
  sendMessageWithContextBody,
  temporaryMessageBody,
} from '../../../lib/api/contract';
import type { AppEnv, Deps } from '../../http/env';
import { requestContext } from '../../http/request-context';
import { jsonBody, param } from '../../http/validate';
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
    new Hono<AppEnv>()
      .post('/chats', async (c) => {
        const input = await jsonBody(c, createChatBody);
        return c.json({ data: await createChat(db, c.get('userId'), input) }, 201);
      })
      .put('/chats/:id', async (c) => {
        const chatId = param(c, 'id', idParamSchema);
        const { title } = await jsonBody(c, renameChatBody);
        return c.json({ data: await renameChat(db, c.get('owner'), chatId, title) });
      })
      .delete('/chats/:id', async (c) =>
        c.json({
          data: await deleteChat(requestContext(deps, c), param(c, 'id', idParamSchema)),
        }),
      )
      // What the composer's estimate cannot count itself: the text of the gems a question would be sent with.
      .post('/chats/context-size', async (c) => {
        const input = await jsonBody(c, contextSizeBody);
        return c.json({ data: await contextSize(requestContext(deps, c), input) });
      })
      .get('/chats/:id/messages', async (c) => {
        const rows = await listMessages(db, c.get('userId'), param(c, 'id', idParamSchema));
        return c.json({ data: rows.map(toMessage), total: rows.length });
      })
      // Before '/chats/:id/messages', so 'temporary' is never read as a chat id.
      .post('/chats/temporary/messages', async (c) => {
        const input = await jsonBody(c, temporaryMessageBody);
        const answers = await sendTemporaryMessage(requestContext(deps, c), input);
        return streamAnswers(c, answers, input.modelIds !== undefined, true);
      })
      .post('/chats/:id/messages', async (c) => {
        const chatId = param(c, 'id', idParamSchema);
        const input = await jsonBody(c, sendMessageWithContextBody);
        const answers = await sendMessage(requestContext(deps, c), chatId, input);
        return streamAnswers(c, answers, input.modelIds !== undefined, input.temporary);
      })
      .get('/messages/:id/stream', async (c) => {
        const messageId = param(c, 'id', idParamSchema);
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
      .post('/messages/:id/regenerate', async (c) => {
        const messageId = param(c, 'id', idParamSchema);
        const options = await jsonBody(c, regenerateBody);
        const started = await regenerateMessage(requestContext(deps, c), messageId, options);
        return sendEvents(c, messageOf(started), subscribe(started.generation));
      })
      .post('/chats/:id/pictures', async (c) => {
        const chatId = param(c, 'id', idParamSchema);
        const input = await jsonBody(c, pictureBody);
        const made = await makePictures(requestContext(deps, c), chatId, input);
        return c.json({ data: made }, 201);
      })
      .post('/messages/:id/image-gem', async (c) => {
        const messageId = param(c, 'id', idParamSchema);
        const input = await jsonBody(c, pictureGemBody);
        const { gem, created } = await savePictureAsGem(requestContext(deps, c), messageId, input);
        return c.json({ data: gem }, created ? 201 : 200);
      })
      .post('/messages/:id/stop', async (c) => {
        const row = await stopMessage(requestContext(deps, c), param(c, 'id', idParamSchema));
        return c.json({ data: toMessage(row) });
      })
      .post('/messages/:id/memory-proposal', async (c) => {
        const messageId = param(c, 'id', idParamSchema);
        const { data } = await jsonBody(c, memoryProposalAnswerBody);
        const row = await answerMemoryProposal(db, c.get('userId'), messageId, data.action);
        return c.json({ data: toMessage(row) });
      })
  );
}
