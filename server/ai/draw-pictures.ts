import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { generateImage, type ImageModel } from 'ai';
import type { PictureShape } from '../../lib/api/chat-contract';
import { ApiError, fieldError } from '../http/errors';
import { describeProviderError } from './provider-errors';
import { type ProviderAccess, type ProviderModel, requireKey } from './providers';

/** OpenAI's image sizes and Gemini's aspect ratios for each shape. */
const OPENAI_SIZES = { square: '1024x1024', landscape: '1536x1024', portrait: '1024x1536' } as const;
const ASPECT_RATIOS = { square: '1:1', landscape: '3:2', portrait: '2:3' } as const;

/** The AI SDK image model for a catalogue image model (OpenAI images, Gemini image models). */
function imageModel(model: ProviderModel, access: ProviderAccess): ImageModel {
  if (model.type !== 'Image')
    throw fieldError(400, 'modelId', `${model.displayName} does not make pictures: choose an image model`);
  if (access.kind === 'openai')
    return createOpenAI({ apiKey: requireKey(access), baseURL: access.baseUrl, fetch: access.fetch }).image(
      model.model,
    );
  if (access.kind === 'google')
    return createGoogleGenerativeAI({ apiKey: requireKey(access), baseURL: access.baseUrl, fetch: access.fetch }).image(
      model.model,
    );
  throw fieldError(400, 'modelId', `${access.name} makes no pictures Trove can use`);
}

/** Makes `count` pictures of `prompt`, with the tokens the provider says they took (null when it says nothing); a provider failure is a 502 naming the provider and its reason. */
export async function drawPictures(
  model: ProviderModel,
  access: ProviderAccess,
  request: { prompt: string; shape: PictureShape; count: number },
): Promise<{ pictures: Uint8Array[]; usage: { input: number; output: number } | null }> {
  const llm = imageModel(model, access);
  const shape =
    access.kind === 'openai' ? { size: OPENAI_SIZES[request.shape] } : { aspectRatio: ASPECT_RATIOS[request.shape] };
  try {
    const { images, usage } = await generateImage({ model: llm, prompt: request.prompt, n: request.count, ...shape });
    const reported = usage.inputTokens !== undefined || usage.outputTokens !== undefined;
    return {
      pictures: images.map((image) => image.uint8Array),
      usage: reported ? { input: usage.inputTokens ?? 0, output: usage.outputTokens ?? 0 } : null,
    };
  } catch (error) {
    throw new ApiError(502, describeProviderError(access, error));
  }
}
