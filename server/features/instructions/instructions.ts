/**
 * The persona, brand voice and prompt a question is asked with, each its own system message to the
 * model, in that order (persona, then voice, then the prompt), after Trove's own system message and
 * never mixed into the user's message. A voice or persona the request does not name is the user's
 * default (ai_settings); `null` turns it off for the message. What was used (ids and names, never a
 * prompt's text) is stored in the message's `context.instructions`.
 */
import type { UsedInstructions } from '../../../lib/api/contract';
import { fillPromptVariables, promptQueue, promptVariables, variableProblems } from '../../../lib/api/prompt-variables';
import type { Db } from '../../db/client';
import type { GemRow } from '../../db/types';
import { ApiError, fieldError, fieldErrors } from '../../http/errors';
import { findOwnedKindGem } from '../gems/kind-gems';
import { findUsablePrompt, promptTextOf } from '../prompts/prompts';

export interface InstructionChoice {
  brandVoiceId?: number | null;
  personaId?: number | null;
  promptId?: number;
  promptVariables?: Record<string, string>;
  promptPart?: number;
}

export interface InstructionDefaults {
  brandVoiceId: number | null;
  personaId: number | null;
}

export interface Instructions {
  /** The system messages after Trove's own, in order. */
  layers: string[];
  used: UsedInstructions;
  /** The prompt's title when its author hides its text from this user (see features/ai-settings/hidden-prompt-models.ts). */
  hiddenPrompt?: string;
}

export const personaLayer = (row: GemRow) => {
  const jobTitle = row.media.persona_job_title;
  return `Act as this persona: ${row.title}${jobTitle ? `, ${jobTitle}` : ''}.\n\n${row.text ?? ''}`;
};
export const brandVoiceLayer = (row: GemRow) => {
  const sample = row.media.brand_voice_sample?.trim();
  const tone = `Write in this brand voice ("${row.title}"):\n\n${row.text ?? ''}`;
  return sample ? `${tone}\n\nA sample written in this voice:\n\n${sample}` : tone;
};
export const promptLayer = (title: string, text: string) =>
  `Apply this prompt ("${title}") to the user's message:\n\n${text}`;

/**
 * The voice or persona to use: the request's id (one the user does not own is a 404 naming `field`,
 * unless `lenient`), else the default (skipped when it has gone).
 */
async function chosen(
  db: Db,
  userId: number,
  kind: 'BrandVoice' | 'Persona',
  field: string,
  given: number | null | undefined,
  fallback: number | null,
  lenient: boolean,
) {
  const id = given === undefined ? fallback : given;
  if (id === null) return undefined;
  const row = await findOwnedKindGem(db, userId, kind, id);
  if (!row && given !== undefined && !lenient)
    throw fieldError(404, field, `${kind === 'BrandVoice' ? 'Brand voice' : 'Persona'} ${id} not found`);
  return row;
}

/**
 * The prompt's text to send: the chosen part of its queue with the variables filled (bad values are a 400 naming them).
 */
function promptPartText(row: GemRow, choice: InstructionChoice): { text: string; part: number } {
  const whole = promptTextOf(row);
  const values = choice.promptVariables ?? {};
  const problems = variableProblems(promptVariables(whole), values);
  if (problems.length) {
    const errors = problems.map(([name, message]) => ({ path: `promptVariables.${name}`, message }));
    throw fieldErrors(400, errors);
  }
  const queue = promptQueue(whole);
  const part = choice.promptPart ?? 0;
  if (part >= queue.length)
    throw fieldError(400, 'promptPart', `the prompt has ${queue.length} part${queue.length === 1 ? '' : 's'}`);
  return { text: fillPromptVariables(queue[part] ?? '', values), part };
}

/** promptPartText, or when `lenient` (regenerating an older message) undefined where it refuses. */
function filledPrompt(row: GemRow, choice: InstructionChoice, lenient: boolean) {
  try {
    return promptPartText(row, choice);
  } catch (error) {
    if (lenient && error instanceof ApiError) return undefined;
    throw error;
  }
}

/** Resolves the request's persona, voice and prompt (all checked before anything is stored). */
export async function resolveInstructions(
  db: Db,
  userId: number,
  choice: InstructionChoice,
  defaults: InstructionDefaults,
  lenient = false,
): Promise<Instructions> {
  const persona = await chosen(db, userId, 'Persona', 'personaId', choice.personaId, defaults.personaId, lenient);
  const voice = await chosen(
    db,
    userId,
    'BrandVoice',
    'brandVoiceId',
    choice.brandVoiceId,
    defaults.brandVoiceId,
    lenient,
  );
  const prompt = choice.promptId === undefined ? undefined : await findUsablePrompt(db, userId, choice.promptId);
  if (choice.promptId !== undefined && !prompt && !lenient)
    throw fieldError(404, 'promptId', `Prompt ${choice.promptId} not found`);
  const filled = prompt ? filledPrompt(prompt, choice, lenient) : undefined;
  const layers: string[] = [];
  const used: UsedInstructions = {};
  if (persona) {
    layers.push(personaLayer(persona));
    used.persona = { id: persona.id, name: persona.title };
  }
  if (voice) {
    layers.push(brandVoiceLayer(voice));
    used.brandVoice = { id: voice.id, name: voice.title };
  }
  if (prompt && filled) {
    layers.push(promptLayer(prompt.title, filled.text));
    used.prompt = { id: prompt.id, title: prompt.title, part: filled.part };
  }
  const hidden = prompt && filled && prompt.ownerId !== userId && prompt.media.showPrompt === false;
  return { layers, used, ...(hidden ? { hiddenPrompt: prompt.title } : {}) };
}
