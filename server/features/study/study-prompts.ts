import type { StudyKind } from '../../../lib/api/study-contract';

/** What the model is asked for each kind of study aid. Cards and quiz answer JSON, checked by study-contract.ts. */
export const STUDY_INSTRUCTIONS: Record<StudyKind, string> = {
  summary:
    'You summarise saved pages and notes for the person who saved them. Write a clear summary of the text in its own ' +
    'language: a one-sentence gist, then the key points as a short markdown list. Use only what the text says.',
  flashCards:
    'You make flash cards for studying a text. Reply with JSON only: {"cards":[{"front":"…","back":"…"}]}, 5 to 15 ' +
    'cards; each front a question or term, each back its short answer, in the language of the text. Use only what the ' +
    'text says.',
  quiz:
    'You write multiple-choice quizzes on a text. Reply with JSON only: {"questions":[{"question":"…","choices":["…"],' +
    '"answer":0,"explanation":"…"}]}, 3 to 10 questions, each with 3 or 4 choices, `answer` the index (from 0) of the ' +
    'one right choice and `explanation` one sentence why, in the language of the text. Use only what the text says.',
};
