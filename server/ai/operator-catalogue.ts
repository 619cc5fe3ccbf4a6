import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { CATALOGUE, type CatalogueModel, LANGUAGES, PROVIDER_NAMES, type ProviderName } from './catalogue';

/**
 * The operator's catalogue file (TROVE_MODELS_FILE): adds, changes or switches off catalogue and house
 * models without touching code. It is read and checked once at start; an invalid file stops the server
 * with a message naming the file, the entry and the field.
 *
 *   { "models": [
 *       { "provider": "OpenAI", "model": "gpt-5", "displayName": "GPT-5", "content_length": 400000,
 *         "inputPricePerMillion": 1.25, "outputPricePerMillion": 10, "is_vision_enabled": true },
 *       { "provider": "OpenAI", "model": "gpt-4o", "inputPricePerMillion": 2 },
 *       { "provider": "Groq", "model": "llama-3.3-70b-versatile", "isActive": false },
 *       { "provider": "Trove", "model": "trove-large", "displayName": "Trove Large", "content_length": 200000 } ] }
 *
 * An entry is matched to the built-in catalogue by provider + model: a match is changed field by field,
 * anything else is added (and then needs `displayName` and `content_length`). A model under the house
 * provider (`Trove`) is a house model. Field names are the catalogue's.
 */

const flag = z.boolean().optional();
const entrySchema = z.strictObject({
  provider: z.enum(PROVIDER_NAMES as [ProviderName, ...ProviderName[]]),
  model: z.string().trim().min(1).max(200),
  displayName: z.string().trim().min(1).max(200).optional(),
  type: z.enum(['Text', 'Image']).optional(),
  logoLink: z.string().max(500).nullable().optional(),
  isActive: flag,
  languages: z
    .array(z.strictObject({ label: z.string().min(1), code: z.string().min(1) }))
    .min(1)
    .optional(),
  is_web_search_enabled: flag,
  is_reasoning_enabled: flag,
  is_audio_enabled: flag,
  is_video_enabled: flag,
  is_vision_enabled: flag,
  is_image_generated: flag,
  isAttachmentSupported: flag,
  content_length: z.number().int().positive().optional(),
  supported_file_formats: z.array(z.string().min(1).max(20)).optional(),
  isDefaultHouseModel: flag,
  inputPricePerMillion: z.number().nonnegative().optional(),
  outputPricePerMillion: z.number().nonnegative().optional(),
});
type Entry = z.infer<typeof entrySchema>;

const fileSchema = z.strictObject({ models: z.array(entrySchema) });

/** "TROVE_MODELS_FILE /etc/trove/models.json: models[2] (OpenAI gpt-5): content_length: …" */
const problem = (file: string, where: string, message: string) =>
  new Error(`TROVE_MODELS_FILE ${file}: ${where}: ${message}`);

function entryLabel(raw: unknown, index: number): string {
  const { provider, model } = (raw ?? {}) as { provider?: unknown; model?: unknown };
  const name = [provider, model].filter((v) => typeof v === 'string').join(' ');
  return `models[${index}]${name ? ` (${name})` : ''}`;
}

function parseFile(file: string, text: string) {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw problem(file, 'not valid JSON', (error as Error).message);
  }
  const parsed = fileSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0] as z.core.$ZodIssue;
  const [top, index, ...field] = issue.path;
  const where =
    top === 'models' && typeof index === 'number'
      ? `${entryLabel((json as { models: unknown[] }).models[index], index)}${field.length ? `: ${field.join('.')}` : ''}`
      : issue.path.join('.') || 'the file';
  throw problem(file, where, issue.message);
}

/** A model the built-in catalogue does not have, from an entry that says everything needed. */
function added(file: string, entry: Entry, index: number): CatalogueModel {
  for (const field of ['displayName', 'content_length'] as const) {
    if (entry[field] === undefined)
      throw problem(file, `${entryLabel(entry, index)}: ${field}`, 'required for a model the catalogue does not have');
  }
  const house = entry.provider === 'Trove';
  const vision = entry.is_vision_enabled ?? false;
  const slug = entry.provider.toLowerCase();
  return {
    displayName: entry.displayName as string,
    content_length: entry.content_length as number,
    type: 'Text',
    logoLink: `/ai-logos/${slug}.svg`,
    isActive: true,
    languages: LANGUAGES,
    is_web_search_enabled: false,
    is_reasoning_enabled: false,
    is_audio_enabled: false,
    is_video_enabled: false,
    is_vision_enabled: vision,
    is_image_generated: false,
    isAttachmentSupported: vision,
    supported_file_formats: ['pdf', 'txt', 'md', 'csv', 'docx'],
    isDefaultHouseModel: false,
    inputPricePerMillion: 0,
    outputPricePerMillion: 0,
    ...stripUndefined(entry),
    provider: entry.provider,
    model: entry.model,
    isHouseModel: house,
  };
}

const stripUndefined = <T extends object>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

/** The built-in catalogue with the file's entries applied. */
export function applyOperatorCatalogue(file: string, text: string, base: CatalogueModel[] = CATALOGUE) {
  const { models } = parseFile(file, text);
  const result = base.map((m) => ({ ...m }));
  const seen = new Set<string>();
  models.forEach((entry, index) => {
    const key = `${entry.provider}\t${entry.model}`;
    if (seen.has(key)) throw problem(file, entryLabel(entry, index), 'this provider and model are listed twice');
    seen.add(key);
    const at = result.findIndex((m) => m.provider === entry.provider && m.model === entry.model);
    if (at === -1) result.push(added(file, entry, index));
    else result[at] = { ...(result[at] as CatalogueModel), ...stripUndefined(entry) };
  });
  const defaults = result.filter((m) => m.isActive && m.isHouseModel && m.isDefaultHouseModel);
  if (defaults.length > 1)
    throw problem(
      file,
      'isDefaultHouseModel',
      `only one active house model can be the default, got ${defaults.map((m) => m.model).join(', ')}`,
    );
  if (result.some((m) => m.isDefaultHouseModel && !m.isHouseModel))
    throw problem(file, 'isDefaultHouseModel', 'only a house model (provider Trove) can be the default house model');
  return result;
}

/** The catalogue the server serves: the built-in one, or with the operator's file applied when one is named. */
export function loadCatalogue(file: string | undefined): CatalogueModel[] {
  if (!file) return CATALOGUE;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw problem(file, 'cannot be read', (error as NodeJS.ErrnoException).code ?? String(error));
  }
  return applyOperatorCatalogue(file, text);
}
