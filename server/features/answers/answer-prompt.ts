import type { ModelMessage, SystemModelMessage } from 'ai';
import type { AiModelRow } from '../../db/types';
import type { ContextImage } from './context';

/** One earlier turn of a chat, as the model is sent it. */
export interface Turn {
  question: string;
  answer: string;
}

/** What the model is asked: the question, in which language, after which turns, in which mode. */
export interface QuestionAsked {
  text: string;
  language: string | null | undefined;
  /** The earlier turns, oldest first (those without an answer are left out). */
  history: Turn[];
  /** A Write-mode chat (type 'ai-writer'): the writer's instructions instead of the chat assistant's. */
  writer?: boolean;
}

/**
 * The earlier turns (those with an answer) and the new question, with the language instruction and
 * any extra system parts (the context block, the citation, memory and regenerate instructions) in
 * Trove's system message, then the persona, voice and prompt `layers` each as a system message of its own.
 */
export function answerPrompt(
  model: AiModelRow,
  request: QuestionAsked,
  systemParts: string[],
  layers: string[],
  images: ContextImage[] = [],
) {
  const history: ModelMessage[] = request.history.flatMap((turn) =>
    turn.answer
      ? [
          { role: 'user' as const, content: turn.question },
          { role: 'assistant' as const, content: turn.answer },
        ]
      : [],
  );
  const { language } = request;
  const label = language ? (model.languages.find((l) => l.code === language)?.label ?? language) : undefined;
  const base = `${request.writer ? WRITER_ROLE : CHAT_ROLE}${label ? ` Answer in ${label}.` : ''}`;
  const trove = [base, ...systemParts.filter(Boolean)].join('\n\n');
  const system: SystemModelMessage[] = [trove, ...layers].map((content) => ({ role: 'system', content }));
  const content = images.length
    ? [
        { type: 'text' as const, text: request.text },
        ...images.map((image) => ({ type: 'file' as const, data: image.bytes, mediaType: image.mediaType })),
      ]
    : request.text;
  return { system, messages: [...history, { role: 'user' as const, content }] };
}

const CHAT_ROLE = "You are Trove's assistant, helping the user with what they read and save.";
/** Write mode (a chat of type 'ai-writer'): the answer is the text asked for, ready to use. */
const WRITER_ROLE =
  "You are Trove's writing assistant. Write or rewrite exactly the text the user asks for, ready to paste: no preamble, no notes about what you did.";
