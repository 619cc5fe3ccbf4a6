import { type ModelMessage, type SystemModelMessage, streamText } from 'ai';
import type { ToolSetup } from '../../ai/tools';
import type { Generation } from './generations';

/** What the provider is asked: the model, the prompt, and the tool's provider tools and options (server/ai/tools.ts). */
export interface ProviderRequest {
  llm: Parameters<typeof streamText>[0]['model'];
  system: string | SystemModelMessage[];
  messages: ModelMessage[];
  tools?: Omit<ToolSetup, 'llm'>;
}

/** The provider's answer as it streams in, or why it could not be asked. */
export type ProviderAnswer = { stream: ReturnType<typeof streamText> } | { error: unknown };

/**
 * Asks the provider for the answer now (the AI SDK sends the request at once); `generate` reads it. Asked before the
 * question is stored, the store overlaps the wait for the first token. Ended by `generation`'s controller.
 */
export function askProvider(generation: Generation, request: ProviderRequest): ProviderAnswer {
  try {
    return {
      stream: streamText({
        model: request.llm,
        system: request.system,
        messages: request.messages,
        ...request.tools,
        abortSignal: generation.controller.signal,
        onError: () => {}, // errors are read from the stream in readAnswer
      }),
    };
  } catch (error) {
    return { error };
  }
}

/** Calls off an answer asked for that will not be read (its question could not be stored). */
export function dropAnswer(generation: Generation, asked: ProviderAnswer) {
  generation.controller.abort();
  if ('stream' in asked) void asked.stream.consumeStream({ onError: () => {} });
}
