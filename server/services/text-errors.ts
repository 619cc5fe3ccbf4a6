import { MAX_CHAT_FILE_TEXT } from '../../lib/api/chat-files-contract';

/** A document's text is longer than MAX_CHAT_FILE_TEXT (found before all of it was read). */
export class TextTooLong extends Error {
  constructor() {
    super(`Its text is longer than ${MAX_CHAT_FILE_TEXT.toLocaleString('en-US')} characters`);
  }
}

export const UNREADABLE_PDF = 'It could not be read as a PDF (damaged or encrypted?)';
