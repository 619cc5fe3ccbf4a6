import { type CreateGemInput, createGemBody, gemMediaSchema } from '../api/contract';

/**
 * Fields the extension fills in itself (a whole selection as a quote's description, the page's text, a
 * favicon inlined as a data: URL) can be longer than the server takes, and a save refused for them leaves
 * the user nothing to edit. Before a save is queued, each text is cut to the contract's limit, and an
 * address over it (which cut would be broken) is left out.
 */

/** Fields that hold an address: left out when too long, never cut. */
const ADDRESSES = new Set(['image', 'favicon', 'mediaUrl']);

type Schema = { maxLength?: number | null; unwrap?: () => Schema };

/** The longest a string field of the contract may be, through its optional, nullable and default wrappers. */
function maxLength(schema: Schema | undefined): number | null {
  let inner = schema;
  while (inner && inner.maxLength === undefined && inner.unwrap) inner = inner.unwrap();
  return inner?.maxLength ?? null;
}

/** The first `max` UTF-16 units of `text`, without splitting a surrogate pair. */
function cut(text: string, max: number): string {
  const end = /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return text.slice(0, end);
}

function fitFields<T extends object>(values: T, shape: Record<string, unknown>): T {
  const fitted: Record<string, unknown> = { ...(values as Record<string, unknown>) };
  for (const [name, value] of Object.entries(values)) {
    const max = typeof value === 'string' ? maxLength(shape[name] as Schema | undefined) : null;
    if (max === null || (value as string).length <= max) continue;
    fitted[name] = ADDRESSES.has(name) ? null : cut(value as string, max);
  }
  return fitted as T;
}

export function fitGemToLimits(gem: CreateGemInput): CreateGemInput {
  const fitted = fitFields(gem, createGemBody.shape.data.shape);
  return gem.media ? { ...fitted, media: fitFields(gem.media, gemMediaSchema.shape) } : fitted;
}
