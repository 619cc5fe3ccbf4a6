/**
 * The most text a document may yield as a chat file: as much as `context.text` may hold. In a module of its own, free
 * of zod, for the PDF reader's process (server/features/chat-files/pdf-worker.ts), which loads no more of the contract.
 */
export const MAX_CHAT_FILE_TEXT = 1_000_000;
