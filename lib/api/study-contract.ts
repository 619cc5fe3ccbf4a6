import { z } from 'zod';
import { idSchema } from './integers';

/**
 * Study aids made from a gem's saved text by the user's model (server/features/study/): a summary, flash cards and a
 * quiz. The model's structured answers are checked against these schemas before anything is stored.
 */

export const STUDY_KINDS = ['summary', 'flashCards', 'quiz'] as const;
export type StudyKind = (typeof STUDY_KINDS)[number];

/** Free text sent as `context` instead of a gem: at most this many characters (cut to the model's budget after). */
export const MAX_STUDY_CONTEXT = 200_000;

const line = z.string().trim().min(1).max(2_000);

export const flashCardSchema = z.object({ front: line, back: line });
export const flashCardsSchema = z.object({ cards: z.array(flashCardSchema).min(1).max(40) });
export type FlashCards = z.infer<typeof flashCardsSchema>;

export const quizQuestionSchema = z
  .object({
    question: line,
    choices: z.array(z.string().trim().min(1).max(500)).min(2).max(6),
    /** The index of the right choice. */
    answer: z.number().int().min(0),
    explanation: z.string().max(2_000),
  })
  .refine((q) => q.answer < q.choices.length, { message: 'The answer must be one of the choices', path: ['answer'] });
export const quizSchema = z.object({ questions: z.array(quizQuestionSchema).min(1).max(30) });
export type Quiz = z.infer<typeof quizSchema>;

export const summarySchema = z.object({ text: z.string().min(1) });
export type Summary = z.infer<typeof summarySchema>;

/** One stored study aid: what it holds, the model that made it and when. */
const storedOf = <T extends z.ZodType>(content: T) =>
  z.object({ content, modelName: z.string(), createdAt: z.string() });

export const gemStudySchema = z.object({
  gemId: z.number(),
  summary: storedOf(summarySchema).nullable(),
  flashCards: storedOf(flashCardsSchema).nullable(),
  quiz: storedOf(quizSchema).nullable(),
  /** Whether the user may generate (or regenerate) them: they may change the gem. */
  canGenerate: z.boolean(),
});
export type GemStudy = z.infer<typeof gemStudySchema>;

/**
 * `POST /api/generate-summary` (and flash cards, quiz): from a gem's saved text (`gemId`: stored with the gem,
 * replacing the one before) or from free text (`context`: streamed, stored nowhere), by the model `modelId`.
 */
export const generateStudyBody = z
  .strictObject({
    modelId: idSchema,
    gemId: idSchema.optional(),
    context: z.string().trim().min(1).max(MAX_STUDY_CONTEXT).optional(),
  })
  .refine((body) => (body.gemId === undefined) !== (body.context === undefined), {
    message: 'Send either gemId or context',
    path: ['gemId'],
  });

/**
 * The events of a generation's SSE stream: `delta` pieces of a summary's text, `partial` the flash cards or quiz as
 * far as they came, then `done` with what was made (and stored, for a gem) or `error` (the model failed or sent
 * something that is not what was asked for; nothing is stored and the one before stays).
 */
export const studyStreamEvents = {
  delta: z.object({ text: z.string() }),
  partial: z.object({ content: z.unknown() }),
  done: z.object({
    kind: z.enum(STUDY_KINDS),
    content: z.unknown(),
    modelName: z.string(),
    createdAt: z.string(),
    stored: z.boolean(),
  }),
  error: z.object({ message: z.string() }),
};
