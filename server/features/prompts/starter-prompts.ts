import { sql } from 'drizzle-orm';
import { canonicalizeUrl } from '../../../lib/api/canonical-url';
import type { PromptCategory } from '../../../lib/api/contract';
import type { Db } from '../../db/client';
import { gems, users } from '../../db/schema';
import { aiChatsCollection } from '../collections/collections';

/**
 * The public starter prompts (GET /api/fetch-public-prompts, /api/fetch-public-expanders), written
 * at start by `seedStarterPrompts` under an account of their own. That account's name has a space,
 * which no sign-up can take, and its password hash is no hash at all, so no one can sign in as it.
 */
export const STARTER_AUTHOR = { username: 'Trove starters', email: 'starters@trove.invalid' } as const;

interface Starter {
  key: string;
  title: string;
  description: string;
  category: PromptCategory;
  promptType: 'prompt' | 'expander';
  text: string;
}

export const STARTER_PROMPTS: Starter[] = [
  {
    key: 'summarise',
    title: 'Summarise',
    description: 'A short summary of a text, as long as you choose.',
    category: 'Reading',
    promptType: 'prompt',
    text: "Summarise the text in the user's message as {{Length | three bullet points, one short paragraph, one sentence}}. Keep names, numbers and dates exact, and add nothing that is not in the text.",
  },
  {
    key: 'explain-simply',
    title: 'Explain simply',
    description: 'Plain words and one everyday example.',
    category: 'Reading',
    promptType: 'prompt',
    text: "Explain what the user's message is about in simple words, as you would to a curious twelve-year-old: short sentences, one everyday example, and no jargon (explain any term you cannot avoid).",
  },
  {
    key: 'key-takeaways',
    title: 'Key takeaways',
    description: 'The few points worth keeping.',
    category: 'Reading',
    promptType: 'prompt',
    text: "List the key takeaways of the text in the user's message: at most five bullet points, the most important first, each one line.",
  },
  {
    key: 'plain-english',
    title: 'Rewrite in plain English',
    description: 'Short sentences, common words, the same facts.',
    category: 'Rewrite',
    promptType: 'prompt',
    text: "Rewrite the user's text in plain English: short sentences, common words, active voice. Keep its meaning and every fact; drop filler. Reply with only the rewritten text.",
  },
  {
    key: 'reply-politely',
    title: 'Reply politely',
    description: 'A brief, polite answer to a message, in the tone you pick.',
    category: 'Reply',
    promptType: 'prompt',
    text: "Write a polite reply to the message the user pasted, in a {{Tone | Formal, Friendly, Direct}} tone, signed {{Name}}. Answer every question it asks and keep it brief. Reply with only the reply's text.",
  },
  {
    key: 'sign-off',
    title: 'Email sign-off',
    description: 'A sign-off to insert at the end of an email.',
    category: 'Write',
    promptType: 'expander',
    text: 'Best regards,\n{{Name}}',
  },
];

/** The starter account's id, made on first start. */
async function starterAuthor(db: Db): Promise<number> {
  await db
    .insert(users)
    .values({ ...STARTER_AUTHOR, passwordHash: '!' })
    .onConflictDoNothing();
  const [author] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${STARTER_AUTHOR.username.toLowerCase()}`);
  if (!author) throw new Error('the starter prompts author could not be made');
  return author.id;
}

/**
 * Writes the starter prompts (public, shown), each under its own idempotency key so a restart
 * updates them in place. Several server copies starting together take turns (an advisory lock).
 */
export async function seedStarterPrompts(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('trove-starter-prompts'))`);
    const ownerId = await starterAuthor(tx);
    const collectionId = await aiChatsCollection(tx, ownerId);
    const rows = STARTER_PROMPTS.map((starter) => {
      const url = `trove://prompt/starter-${starter.key}`;
      return {
        ownerId,
        collectionId,
        title: starter.title,
        description: starter.description,
        url,
        canonicalUrl: canonicalizeUrl(url),
        mediaType: 'Prompt' as const,
        text: starter.text,
        media: { showPrompt: true, isPublic: true, category: starter.category, promptType: starter.promptType },
        idempotencyKey: `starter:${starter.key}`,
      };
    });
    await tx
      .insert(gems)
      .values(rows)
      .onConflictDoUpdate({
        target: [gems.ownerId, gems.idempotencyKey],
        targetWhere: sql`${gems.idempotencyKey} is not null`,
        set: {
          title: sql`excluded.title`,
          description: sql`excluded.description`,
          text: sql`excluded.text`,
          media: sql`excluded.media`,
        },
      });
  });
}
