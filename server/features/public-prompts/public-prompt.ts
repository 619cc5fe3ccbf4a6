import { and, asc, eq, sql } from 'drizzle-orm';
import { slugify } from '../../../lib/api/public-collection-contract';
import type { Db } from '../../db/client';
import { gems, users } from '../../db/schema';
import type { GemRow } from '../../db/types';

/**
 * Finding a public prompt from its page's address, `/prompts/{username}/{slug}`: the slug is made from the title, the
 * second of two public prompts of one owner with the same one (by age) getting `-2`. No id appears in it, so pages
 * cannot be listed by counting; a prompt made private, or deleted, is simply not found.
 */

export interface PublicPrompt {
  row: GemRow;
  ownerId: number;
  username: string;
  slug: string;
}

const USERNAME = /^[A-Za-z][A-Za-z0-9]{0,30}$/;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const titleSlug = (title: string) => (/[a-z0-9]/i.test(title.normalize('NFKD')) ? slugify(title) : 'prompt');

/** The owner's public prompts (not expanders), oldest first, each with its page's slug. */
export async function publicPromptsOf(db: Db, ownerId: number): Promise<{ row: GemRow; slug: string }[]> {
  const rows = await db
    .select()
    .from(gems)
    .where(
      and(
        eq(gems.ownerId, ownerId),
        eq(gems.mediaType, 'Prompt'),
        sql`(${gems.media}->>'isPublic') = 'true'`,
        sql`coalesce(${gems.media}->>'promptType', 'prompt') = 'prompt'`,
      ),
    )
    .orderBy(asc(gems.createdAt), asc(gems.id));
  const used = new Set<string>();
  return rows.map((row) => {
    const base = titleSlug(row.title);
    let slug = base;
    for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;
    used.add(slug);
    return { row, slug };
  });
}

export async function findPublicPrompt(db: Db, username: string, slug: string): Promise<PublicPrompt | null> {
  if (!USERNAME.test(username) || !SLUG.test(slug)) return null;
  const [owner] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  if (!owner) return null;
  const found = (await publicPromptsOf(db, owner.id)).find((p) => p.slug === slug);
  return found ? { row: found.row, ownerId: owner.id, username: owner.username, slug } : null;
}

export const publicPromptPath = (username: string, slug: string) => `/prompts/${encodeURIComponent(username)}/${slug}`;
