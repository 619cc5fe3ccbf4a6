import { createHash } from 'node:crypto';
import { splitPassages } from '../answers/passages';

/** What of a gem is embedded: its title over each passage of its description and page text. */
export interface GemForEmbedding {
  id: number;
  title: string;
  description: string;
  text: string | null;
  /** `updated_at` as read, to the millisecond. */
  updatedAt: Date;
}

export interface PassageToEmbed {
  gemId: number;
  idx: number;
  start: number;
  end: number;
  body: string;
  hash: string;
}

/**
 * The passages of a gem as the chat's retrieval cuts them (server/features/answers/retrieval.ts: the same text, as
 * context.ts `gemText` makes it, and the same splitPassages), so a vector and a word-ranked passage of the same gem
 * version have the same index and range; a gem without text is its title alone.
 */
export function passagesToEmbed(gem: GemForEmbedding): PassageToEmbed[] {
  const text = [gem.description, gem.text].filter((part) => part?.trim()).join('\n\n');
  const ranges = splitPassages(text);
  return (ranges.length ? ranges : [{ start: 0, end: 0 }]).map((range, idx) => {
    const body = `${gem.title}\n${text.slice(range.start, range.end)}`;
    return {
      gemId: gem.id,
      idx,
      start: range.start,
      end: range.end,
      body,
      hash: createHash('sha256').update(body).digest('base64url'),
    };
  });
}
