import { and, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  BrandVoice,
  createBrandVoiceBody,
  createPersonaBody,
  instructionListQuery,
  Persona,
  UpdateAiSettingsInput,
  updateBrandVoiceBody,
  updatePersonaBody,
} from '../../../lib/api/contract';
import type { Db } from '../../db/client';
import { gems, userAiSettings } from '../../db/schema';
import type { Author, GemRow } from '../../db/types';
import { fieldError } from '../../http/errors';
import { unknownModelIds } from '../ai-settings/ai-models';
import {
  containsText,
  deleteKindGem,
  findOwnedKindGem,
  insertKindGem,
  ownedKindGem,
  pageOfGems,
  updateKindGem,
} from '../gems/kind-gems';

/**
 * Brand voices (media type 'BrandVoice', `media.brand_voice_name`) and personas, the spec's agents
 * ('Persona', `media.persona_job_title`): the author's own (another user's id is a 404). The gem's
 * title is the name and its text the instructions the model gets. The user's defaults live in
 * ai_settings (`defaultBrandVoiceId`/`Name`, `defaultBrandPersona`/`Name`) and follow renames and deletes.
 */

type ListQuery = z.output<typeof instructionListQuery>;
type Kind = 'BrandVoice' | 'Persona';

/** The ai_settings columns holding a kind's default. */
const DEFAULTS = {
  BrandVoice: { id: 'defaultBrandVoiceId', name: 'defaultBrandVoiceName', what: 'Brand voice' },
  Persona: { id: 'defaultBrandPersona', name: 'defaultBrandPersonaName', what: 'Persona' },
} as const;

async function defaultIdOf(db: Db, userId: number, kind: Kind): Promise<number | null> {
  const column = userAiSettings[DEFAULTS[kind].id];
  const [row] = await db.select({ id: column }).from(userAiSettings).where(eq(userAiSettings.userId, userId));
  return row?.id ?? null;
}

const stamps = (row: GemRow) => ({ createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() });
/** The author as answers name it: `c.get('owner')` also carries the owner's Unfiltered collection, not sent. */
const authorOf = ({ id, username }: Author) => ({ id, username });

export const toBrandVoice = (row: GemRow, author: Author, defaultId: number | null): BrandVoice => ({
  id: row.id,
  name: row.title,
  description: row.description,
  text: row.text ?? '',
  sampleText: row.media.brand_voice_sample ?? '',
  media: { brand_voice_name: row.media.brand_voice_name ?? row.title },
  author: authorOf(author),
  isDefault: row.id === defaultId,
  ...stamps(row),
});

export const toPersona = (row: GemRow, author: Author, defaultId: number | null): Persona => ({
  id: row.id,
  name: row.title,
  jobTitle: row.media.persona_job_title ?? '',
  description: row.description,
  text: row.text ?? '',
  modelId: row.media.persona_model_id ?? null,
  media: { persona_job_title: row.media.persona_job_title ?? '' },
  author: authorOf(author),
  isDefault: row.id === defaultId,
  ...stamps(row),
});

/** A persona's default model must be one the user may see (another user's endpoint model is unknown). */
async function assertKnownModel(db: Db, userId: number, modelId: number | null) {
  if (modelId === null) return;
  if ((await unknownModelIds(db, userId, [modelId])).length)
    throw fieldError(404, 'data.modelId', `AI model ${modelId} not found`);
}

const SERIALIZE = { BrandVoice: toBrandVoice, Persona: toPersona };

/** A page of the user's voices or personas matching `search` (name, description or text), the default first. */
async function listOwn<K extends Kind>(db: Db, author: Author, kind: K, q: ListQuery) {
  const defaultId = await defaultIdOf(db, author.id, kind);
  const search = q.search
    ? or(
        containsText(gems.title, q.search),
        containsText(gems.description, q.search),
        containsText(sql`coalesce(${gems.text}, '')`, q.search),
      )
    : undefined;
  const where = and(eq(gems.ownerId, author.id), eq(gems.mediaType, kind), search);
  const order = [desc(sql`${gems.id} = ${defaultId ?? 0}`), desc(gems.createdAt), desc(gems.id)];
  const { rows, total } = await pageOfGems(db, where, order, q);
  const serialize = SERIALIZE[kind] as (row: GemRow, a: Author, d: number | null) => ReturnType<(typeof SERIALIZE)[K]>;
  return { data: rows.map((row) => serialize(row, author, defaultId)), total };
}

export const listBrandVoices = (db: Db, author: Author, q: ListQuery) => listOwn(db, author, 'BrandVoice', q);
export const listPersonas = (db: Db, author: Author, q: ListQuery) => listOwn(db, author, 'Persona', q);

export async function getBrandVoice(db: Db, author: Author, id: number) {
  const row = await ownedKindGem(db, author.id, 'BrandVoice', id, 'Brand voice');
  return toBrandVoice(row, author, await defaultIdOf(db, author.id, 'BrandVoice'));
}

export async function getPersona(db: Db, author: Author, id: number) {
  const row = await ownedKindGem(db, author.id, 'Persona', id, 'Persona');
  return toPersona(row, author, await defaultIdOf(db, author.id, 'Persona'));
}

export async function createBrandVoice(db: Db, author: Author, input: z.output<typeof createBrandVoiceBody>['data']) {
  const row = await insertKindGem(db, author.id, 'BrandVoice', {
    title: input.name,
    description: input.description,
    text: input.text,
    media: { brand_voice_name: input.name, ...(input.sampleText ? { brand_voice_sample: input.sampleText } : {}) },
  });
  return toBrandVoice(row, author, null);
}

export async function createPersona(db: Db, author: Author, input: z.output<typeof createPersonaBody>['data']) {
  await assertKnownModel(db, author.id, input.modelId);
  const row = await insertKindGem(db, author.id, 'Persona', {
    title: input.name,
    description: input.description,
    text: input.text,
    media: { persona_job_title: input.jobTitle, ...(input.modelId ? { persona_model_id: input.modelId } : {}) },
  });
  return toPersona(row, author, null);
}

/** A renamed default keeps its name in ai_settings in step. */
async function renameDefault(db: Db, userId: number, kind: Kind, id: number, name: string | undefined) {
  if (name === undefined) return;
  const { id: idColumn, name: nameColumn } = DEFAULTS[kind];
  await db
    .update(userAiSettings)
    .set({ [nameColumn]: name, updatedAt: sql`now()` })
    .where(and(eq(userAiSettings.userId, userId), eq(userAiSettings[idColumn], id)));
}

/** Edits the author's voice or persona (its media made from the current media); a default follows a rename. */
async function updateOwn(
  db: Db,
  author: Author,
  kind: Kind,
  id: number,
  input: { name?: string; description?: string; text?: string },
  mediaFrom: (current: GemRow['media']) => GemRow['media'] | undefined,
) {
  const { what } = DEFAULTS[kind];
  const current = await ownedKindGem(db, author.id, kind, id, what);
  const patch = {
    title: input.name,
    description: input.description,
    text: input.text,
    media: mediaFrom(current.media),
  };
  const row = await updateKindGem(db, id, patch, what);
  await renameDefault(db, author.id, kind, id, input.name);
  return { row, defaultId: await defaultIdOf(db, author.id, kind) };
}

export async function updateBrandVoice(
  db: Db,
  author: Author,
  id: number,
  input: z.output<typeof updateBrandVoiceBody>['data'],
) {
  const { row, defaultId } = await updateOwn(db, author, 'BrandVoice', id, input, (media) =>
    input.name === undefined && input.sampleText === undefined
      ? undefined
      : {
          ...media,
          brand_voice_name: input.name ?? media.brand_voice_name ?? '',
          brand_voice_sample: input.sampleText ?? media.brand_voice_sample ?? '',
        },
  );
  return toBrandVoice(row, author, defaultId);
}

export async function updatePersona(
  db: Db,
  author: Author,
  id: number,
  input: z.output<typeof updatePersonaBody>['data'],
) {
  if (input.modelId !== undefined) await assertKnownModel(db, author.id, input.modelId);
  const { row, defaultId } = await updateOwn(db, author, 'Persona', id, input, (media) =>
    input.jobTitle === undefined && input.modelId === undefined
      ? undefined
      : {
          ...media,
          persona_job_title: input.jobTitle ?? media.persona_job_title ?? '',
          persona_model_id: input.modelId === undefined ? (media.persona_model_id ?? null) : input.modelId,
        },
  );
  return toPersona(row, author, defaultId);
}

/**
 * Clears the user's default of `kind` when it is gem `id`, deleted: by its own route or as a gem. Run after the delete,
 * in its transaction: a default chosen meanwhile either waited for the delete (then found the gem gone) or was
 * written before it, and is cleared here.
 */
export async function clearInstructionDefault(db: Db, userId: number, kind: Kind, id: number) {
  const { id: idColumn, name: nameColumn } = DEFAULTS[kind];
  await db
    .update(userAiSettings)
    .set({ [idColumn]: null, [nameColumn]: null, updatedAt: sql`now()` })
    .where(and(eq(userAiSettings.userId, userId), eq(userAiSettings[idColumn], id)));
}

/**
 * A voice or persona edited through the generic gem route (`PUT /api/gems/{id}`): the user's default
 * follows a rename as through its own route, and is cleared when the gem becomes another type.
 */
export async function followInstructionEdit(
  db: Db,
  userId: number,
  kind: Kind,
  id: number,
  edit: { title?: string; mediaType?: string },
) {
  if (edit.mediaType !== undefined && edit.mediaType !== kind) await clearInstructionDefault(db, userId, kind, id);
  else await renameDefault(db, userId, kind, id, edit.title);
}

/**
 * The `media` a gem edit through `PUT /api/gems/{id}` stores: a brand voice's `media.brand_voice_name`
 * is its name, the title, so it follows a rename there as through the voice's own route (no gem becomes
 * a voice there); undefined leaves the column alone. Merged in SQL when the edit brings no media, so keys
 * stored meanwhile are kept. A persona's `media.persona_job_title` is no name: it is left as sent.
 */
export function mediaAfterGemEdit(
  current: Pick<GemRow, 'mediaType'>,
  edit: { title?: string; mediaType?: string; media?: GemRow['media'] },
): GemRow['media'] | SQL | undefined {
  const staysVoice = (edit.mediaType ?? current.mediaType) === 'BrandVoice';
  if (!staysVoice || current.mediaType !== 'BrandVoice' || edit.title === undefined) return edit.media;
  if (edit.media) return { ...edit.media, brand_voice_name: edit.title };
  return sql`${gems.media} || jsonb_build_object('brand_voice_name', ${edit.title}::text)`;
}

/** Deletes the user's voice or persona; when it was the default, the default is cleared. */
async function deleteOwn(db: Db, userId: number, kind: Kind, id: number) {
  await ownedKindGem(db, userId, kind, id, DEFAULTS[kind].what);
  return db.transaction(async (tx) => {
    const deleted = await deleteKindGem(tx, id);
    await clearInstructionDefault(tx, userId, kind, id);
    return deleted;
  });
}

export const deleteBrandVoice = (db: Db, userId: number, id: number) => deleteOwn(db, userId, 'BrandVoice', id);
export const deletePersona = (db: Db, userId: number, id: number) => deleteOwn(db, userId, 'Persona', id);

/**
 * `PUT /api/ai-settings` with a default voice or persona: it must be the user's (else a 404 naming the
 * field); its name is filled in unless given, and clearing the id clears the name. In the settings' transaction,
 * the voice or persona checked cannot be deleted until the change is written (its delete then clears it).
 */
export async function withInstructionDefaults(
  db: Db,
  userId: number,
  input: UpdateAiSettingsInput,
): Promise<UpdateAiSettingsInput> {
  const patch = { ...input };
  for (const kind of ['BrandVoice', 'Persona'] as const) {
    const { id: idField, name: nameField, what } = DEFAULTS[kind];
    const id = input[idField];
    if (id === undefined) continue;
    if (id === null) {
      if (input[nameField] === undefined) patch[nameField] = null;
      continue;
    }
    const row = await findOwnedKindGem(db, userId, kind, id, { keep: true });
    if (!row) throw fieldError(404, idField, `${what} ${id} not found`);
    if (input[nameField] === undefined) patch[nameField] = row.title;
  }
  return patch;
}
