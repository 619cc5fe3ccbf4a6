/** What the text reader's process (ocr-worker.ts) answers, and how it says it passed its memory bound. */
export type OcrReply = { text: string; confidence: number } | { problem: string };

export const OVER_MEMORY_EXIT = 86;
