import { type ApiClient, apiClient } from '../api/client';
import { brandVoiceApi, personaApi } from '../api/routes/instructions';
import { promptApi } from '../api/routes/prompts';
import type { CreatePromptInput, PromptCategory, UpdatePromptInput } from '../api/voice-contract';
import { type AccessSource, panelTransport } from '../chat/panel-transport';

/** A brand voice ('voice') or an agent ('persona'): the panel and the library list, edit and pick both alike. */
export type InstructionKind = 'voice' | 'persona';
const INSTRUCTIONS = { voice: brandVoiceApi, persona: personaApi } as const;

/** What is written of a brand voice (name, tone in `text`, `sampleText`) or an agent (`jobTitle`, `modelId`). */
export interface InstructionFields {
  name: string;
  text: string;
  sampleText?: string;
  jobTitle?: string;
  modelId?: number | null;
}

function fieldsOf<F extends Partial<InstructionFields>>(
  kind: InstructionKind,
  { sampleText, jobTitle, modelId, ...rest }: F,
) {
  return kind === 'voice' ? { ...rest, sampleText } : { ...rest, jobTitle, modelId };
}

/**
 * Writing prompts, brand voices and agents: the calls the side panel (lib/chat/chat-api.ts) and the library's Writing
 * view both make.
 */
export function writingCalls(client: ApiClient) {
  return {
    /** The prompts the user may use (their own and public ones), of one category or 'All'. */
    listPrompts: (input: { category: PromptCategory | 'All'; search: string; page: number }) =>
      client.call(promptApi.list, { query: { category: input.category, search: input.search, page: input.page } }),
    /** A prompt written from scratch (the editor's HTML in `expander`, its plain text in `text`). */
    createPrompt: async (data: CreatePromptInput) => (await client.call(promptApi.create, { body: { data } })).data,
    /** One prompt as the user may see it (the latest version, for an editor told it changed elsewhere). */
    getPrompt: async (id: number) => (await client.call(promptApi.get, { params: { id } })).data,
    /**
     * The author's edit (the spec's `data{expander, text}`); answers the prompt as saved. With `updatedAt`
     * (the version edited) a 409 PROMPT_CHANGED_ELSEWHERE when it changed since.
     */
    updatePrompt: async (id: number, data: UpdatePromptInput) =>
      (await client.call(promptApi.update, { params: { id }, body: { data } })).data,
    deletePrompt: async (id: number) => (await client.call(promptApi.delete, { params: { id } })).data,
    /** Optimize prompt (author only): `modelId` improves `text` (the editor's current text); nothing is saved. */
    optimizePrompt: async (id: number, input: { modelId: number; text?: string }) =>
      (await client.call(promptApi.optimize, { params: { id }, body: input })).data.text,
    /** The user's brand voices or agents matching `search` (the default first). */
    listInstructions: (kind: InstructionKind, search: string) =>
      client.call(INSTRUCTIONS[kind].list, { query: { search, perPage: 100 } }),
    /** A new brand voice or agent, written from scratch; the fields the other kind has are left out. */
    createInstruction: async (kind: InstructionKind, data: InstructionFields) =>
      (await client.call(INSTRUCTIONS[kind].create, { body: { data: fieldsOf(kind, data) } })).data,
    updateInstruction: async (kind: InstructionKind, id: number, data: Partial<InstructionFields>) =>
      (await client.call(INSTRUCTIONS[kind].update, { params: { id }, body: { data: fieldsOf(kind, data) } })).data,
    deleteInstruction: async (kind: InstructionKind, id: number) =>
      (await client.call(INSTRUCTIONS[kind].delete, { params: { id } })).data,
  };
}

export type WritingApi = ReturnType<typeof writingCalls>;

/** The library page's writing calls, with the tokens the background lends (as the side panel's). */
export const createWritingApi = (access: AccessSource): WritingApi => writingCalls(apiClient(panelTransport(access)));
