/**
 * Regenerate options turned into
 * instructions for the model. Defaults (off, reading level 2 "Current", length 2 "Current") add nothing.
 * The model and language switches are not instructions: the caller picks the model, and the
 * language goes through the usual "Answer in …" line.
 */
import { READING_LEVELS, type RegenerateOptions } from '../../lib/api/chat-contract';

export const EMOJIS_INSTRUCTION = 'Use a few fitting emojis.';
export const HUMANIZE_INSTRUCTION =
  'Write naturally, like a person would: plain words, varied sentences, no stock phrases.';
export const POLISH_INSTRUCTION = 'Polish the wording: clear, correct, well-structured sentences.';

/** Length slider 0–4 → how the new answer compares with the previous one (2 "Current": nothing). */
const LENGTH_CHANGE: Record<number, string | undefined> = {
  0: 'much shorter',
  1: 'shorter',
  3: 'longer',
  4: 'much longer',
};

export const readingLevelInstruction = (level: number) => `Write for a ${READING_LEVELS[level]} reader.`;
export const lengthInstruction = (length: number) => `Make it ${LENGTH_CHANGE[length]} than your previous answer.`;

/** The instruction block for `options`, or '' when they are all defaults. */
export function regenerateInstructions(options: RegenerateOptions, previousAnswer: string): string {
  const lines: string[] = [];
  if (options.showEmojis) lines.push(EMOJIS_INSTRUCTION);
  if (options.humanizeResponse) lines.push(HUMANIZE_INSTRUCTION);
  if (options.polishResponse) lines.push(POLISH_INSTRUCTION);
  if (options.readingLevel !== 2) lines.push(readingLevelInstruction(options.readingLevel));
  if (options.responseLength !== 2 && LENGTH_CHANGE[options.responseLength]) {
    lines.push(
      `${lengthInstruction(options.responseLength)} Your previous answer was:\n<previous_answer>\n${previousAnswer}\n</previous_answer>`,
    );
  }
  if (!lines.length) return '';
  return `The user asked for a new answer to the same question.\n${lines.join('\n')}`;
}
