import { and, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type createPromptBody,
  type ExpanderPart,
  PROMPT_CHANGED_ELSEWHERE,
  type Prompt,
  type PromptCategory,
  type promptListQuery,
  promptSchema,
  type publicPromptQuery,
  type updatePromptBody,
} from '../../../lib/api/contract';
import { promptQueue, promptVariables } from '../../../lib/api/prompt-variables';
import type { Db } from '../../db/client';
import { gems, users } from '../../db/schema';
import type { GemRow } from '../../db/types';
import { ApiError, fieldError, notFound } from '../../http/errors';
import {
  containsText,
  deleteKindGem,
  insertKindGem,
  pageOfGems,
  updateKindGem,
  updateKindGemIfUnchanged,
} from '../gems/kind-gems';

/**
 * Prompts: gems of media type 'Prompt'. The author reads and changes them;
 * everyone reads a public one (`media.isPublic`), but a hidden one (`media.showPrompt` false) never
 * with its text: every answer about a prompt is built by `toPrompt`, which leaves the text out for
 * anyone but the author.
 */

type Author = Prompt['author'];
type PromptMedia = Prompt['media'];

const mediaOf = (row: GemRow): PromptMedia => ({
  showPrompt: row.media.showPrompt ?? true,
  isPublic: row.media.isPublic ?? false,
  category: row.media.category ?? 'Chat',
  promptType: row.media.promptType ?? 'prompt',
});

const plainTextOf = (parts: ExpanderPart[]) =>
  parts
    .map((part) => part.plainText.trim())
    .filter(Boolean)
    .join('\n\n');

/** The prompt as the model is sent it: its text, or else its editor parts' plain text. */
export const promptTextOf = (row: GemRow) => (row.text?.trim() ? row.text : plainTextOf(row.media.expander ?? []));

/** The prompt as `viewerId` may see it: the text and editor parts only for its author or when shown. */
export function toPrompt(row: GemRow, author: Author, viewerId: number): Prompt {
  const media = mediaOf(row);
  const isAuthor = row.ownerId === viewerId;
  const hidden = !isAuthor && !media.showPrompt;
  const text = promptTextOf(row);
  return promptSchema.parse({
    id: row.id,
    title: row.title,
    description: row.description,
    text: hidden ? null : text,
    expander: hidden ? [] : (row.media.expander ?? []),
    textHidden: hidden,
    variables: promptVariables(text),
    queueLength: promptQueue(text).length,
    author,
    isAuthor,
    media,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });
}

/** The usernames of the rows' authors. */
async function authorsOf(db: Db, rows: GemRow[]): Promise<Map<number, Author>> {
  const ids = [...new Set(rows.map((row) => row.ownerId))];
  if (!ids.length) return new Map();
  const found = await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, ids));
  return new Map(found.map((author) => [author.id, author]));
}

async function toPrompts(db: Db, rows: GemRow[], viewerId: number): Promise<Prompt[]> {
  const authors = await authorsOf(db, rows);
  return rows.map((row) => toPrompt(row, authors.get(row.ownerId) ?? { id: row.ownerId, username: '' }, viewerId));
}

const isPrompt = eq(gems.mediaType, 'Prompt');
const isPublic = sql`(${gems.media}->>'isPublic') = 'true'`;
const isShown = sql`coalesce(${gems.media}->>'showPrompt', 'true') = 'true'`;
const ownedBy = (userId: number) => eq(gems.ownerId, userId);

/**
 * Title and description match for anyone; the text only where the viewer may read it (no search oracle on hidden text).
 */
const matches = (search: string, viewerId: number) =>
  search
    ? or(
        containsText(gems.title, search),
        containsText(gems.description, search),
        and(or(ownedBy(viewerId), isShown), containsText(sql`coalesce(${gems.text}, '')`, search)),
      )
    : undefined;

const inCategory = (category: PromptCategory | undefined) =>
  category ? sql`coalesce(${gems.media}->>'category', 'Chat') = ${category}` : undefined;

type ListQuery = z.output<typeof promptListQuery>;

/** `GET /api/prompts`: the user's prompts (`mine`), public ones (`public`) or both (`all`), own first, newest first. */
export async function listPrompts(db: Db, userId: number, q: ListQuery) {
  const scope: Record<ListQuery['scope'], SQL | undefined> = {
    all: or(ownedBy(userId), isPublic),
    mine: ownedBy(userId),
    public: isPublic,
  };
  const where = and(isPrompt, scope[q.scope], inCategory(q.category), matches(q.search, userId));
  const order = [desc(sql`${gems.ownerId} = ${userId}`), desc(gems.createdAt), desc(gems.id)];
  const { rows, total } = await pageOfGems(db, where, order, q);
  return { data: await toPrompts(db, rows, userId), total };
}

/** `GET /api/fetch-public-prompts` and `GET /api/fetch-public-expanders`: public prompts of one type, newest first. */
export async function listPublicPrompts(
  db: Db,
  userId: number,
  promptType: Prompt['media']['promptType'],
  q: z.output<typeof publicPromptQuery>,
) {
  const ofType = sql`coalesce(${gems.media}->>'promptType', 'prompt') = ${promptType}`;
  const where = and(isPrompt, isPublic, ofType, inCategory(q.category), matches(q.search, userId));
  const { rows, total } = await pageOfGems(db, where, [desc(gems.createdAt), desc(gems.id)], q);
  return { data: await toPrompts(db, rows, userId), total };
}

/** The prompt `id` if the user may use it (theirs, or public), else undefined. */
export async function findUsablePrompt(db: Db, userId: number, id: number): Promise<GemRow | undefined> {
  const [row] = await db
    .select()
    .from(gems)
    .where(and(eq(gems.id, id), isPrompt, or(ownedBy(userId), isPublic)));
  return row;
}

async function usablePrompt(db: Db, userId: number, id: number) {
  const row = await findUsablePrompt(db, userId, id);
  if (!row) throw notFound('Prompt');
  return row;
}

/** The user's own prompt: another's public prompt is a 403 (the user can see it), any other a 404. */
export async function authoredPrompt(db: Db, userId: number, id: number) {
  const row = await usablePrompt(db, userId, id);
  if (row.ownerId !== userId) throw new ApiError(403, 'Only the author of this prompt can change it');
  return row;
}

export async function getPrompt(db: Db, userId: number, id: number) {
  const [prompt] = await toPrompts(db, [await usablePrompt(db, userId, id)], userId);
  return prompt as Prompt;
}

type PromptFields = z.output<typeof updatePromptBody>['data'];

/** The stored media of a prompt: `current`'s, with the fields given changed. */
function promptMedia(current: GemRow['media'], input: PromptFields): GemRow['media'] {
  const media = { ...current };
  for (const key of ['showPrompt', 'isPublic', 'category', 'promptType', 'expander'] as const) {
    if (input[key] !== undefined) Object.assign(media, { [key]: input[key] });
  }
  return media;
}

export async function createPrompt(
  db: Db,
  author: Author,
  input: z.output<typeof createPromptBody>['data'],
): Promise<Prompt> {
  const row = await insertKindGem(db, author.id, 'Prompt', {
    title: input.title,
    description: input.description,
    text: input.text?.trim() ? input.text : plainTextOf(input.expander),
    media: promptMedia({}, input),
  });
  return toPrompt(row, author, author.id);
}

/**
 * `PUT /api/prompts/{id}`: the author only. Parts without a text make the text their plain text. An edit
 * carrying the `updatedAt` it was made against is refused (409) when the prompt changed since.
 */
export async function updatePrompt(db: Db, author: Author, id: number, input: PromptFields): Promise<Prompt> {
  const current = await authoredPrompt(db, author.id, id);
  const text = input.text?.trim() ? input.text : input.expander ? plainTextOf(input.expander) : undefined;
  if (text !== undefined && !text.trim()) throw fieldError(400, 'data.text', 'This field is required.');
  const patch = {
    title: input.title,
    description: input.description,
    text,
    media: promptMedia(current.media, input),
  };
  if (input.updatedAt === undefined) return toPrompt(await updateKindGem(db, id, patch, 'Prompt'), author, author.id);
  const row = await updateKindGemIfUnchanged(db, id, patch, input.updatedAt);
  if (!row) {
    // Deleted meanwhile is a 404, as without `updatedAt`.
    await authoredPrompt(db, author.id, id);
    throw new ApiError(409, PROMPT_CHANGED_ELSEWHERE);
  }
  return toPrompt(row, author, author.id);
}

export async function deletePrompt(db: Db, userId: number, id: number) {
  await authoredPrompt(db, userId, id);
  return deleteKindGem(db, id);
}
