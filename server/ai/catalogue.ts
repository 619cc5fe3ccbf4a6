/**
 * The model catalogue: every model Trove offers, upserted into `ai_models` at start (keyed by
 * provider + model; a model dropped from this list is kept but marked inactive).
 *
 * Field names are the API's (`aiModelSchema` in lib/api/ai-contract.ts; README, The model catalogue file).
 * Its `isCurateitAI` ("the provider is the product itself") and `isDefaultForCurateit` are stored as
 * `isHouseModel` / `isDefaultHouseModel` here and in the table, and mapped back to `isCurateitAI` /
 * `isDefaultForCurateit` in API responses so clients written against those names keep working (see
 * `toAiModel` in features/ai-settings/ai-models.ts).
 *
 * Prices are list prices in US dollars per million tokens at the time of writing (0 for local and
 * house models), used only for cost estimates; the operator may edit them. `logoLink` is a path
 * relative to the extension's assets.
 */

export interface Language {
  label: string;
  code: string;
}

/** Providers, by display name (`provider` of a model). `slug` names the keys: `${slug}APIKey` etc. */
export const PROVIDERS = {
  OpenAI: { slug: 'openai', kind: 'openai', keyRequired: true },
  Anthropic: { slug: 'anthropic', kind: 'anthropic', keyRequired: true },
  Google: { slug: 'google', kind: 'google', keyRequired: true },
  Mistral: { slug: 'mistral', kind: 'openai-compatible', keyRequired: true },
  Groq: { slug: 'groq', kind: 'openai-compatible', keyRequired: true },
  /** Local models: no key, the user's Ollama base URL makes them usable. */
  Ollama: { slug: 'ollama', kind: 'ollama', keyRequired: false },
  /** The product's own ("house") models, paid for with credits; configured by the operator. */
  Trove: { slug: 'trove', kind: 'house', keyRequired: false },
} as const;

export type ProviderName = keyof typeof PROVIDERS;
export const PROVIDER_NAMES = Object.keys(PROVIDERS) as ProviderName[];
export const HOUSE_PROVIDER: ProviderName = 'Trove';

/** The lower-cased, space-free provider name the spec's key fields are named after. */
export const providerSlug = (name: string) => name.toLowerCase().replace(/\s+/g, '');
export const providerBySlug = (slug: string): ProviderName | undefined =>
  PROVIDER_NAMES.find((name) => PROVIDERS[name].slug === slug.toLowerCase());
/** The spec's three per-provider key field names (ai_settings). */
export const keyFieldNames = (name: string) => {
  const slug = providerSlug(name);
  return { apiKey: `${slug}APIKey`, sharedApiKey: `${slug}SharedAPIKey`, originalKey: `${slug}OriginalKey` };
};

export interface CatalogueModel {
  model: string;
  provider: ProviderName;
  displayName: string;
  type: 'Text' | 'Image';
  logoLink: string | null;
  isActive: boolean;
  languages: Language[];
  is_web_search_enabled: boolean;
  is_reasoning_enabled: boolean;
  is_audio_enabled: boolean;
  is_video_enabled: boolean;
  is_vision_enabled: boolean;
  is_image_generated: boolean;
  isAttachmentSupported: boolean;
  content_length: number;
  supported_file_formats: string[];
  /** Spec `isCurateitAI`. */
  isHouseModel: boolean;
  /** Spec `isDefaultForCurateit`. */
  isDefaultHouseModel: boolean;
  inputPricePerMillion: number;
  outputPricePerMillion: number;
}

export const LANGUAGES: Language[] = [
  { label: 'English', code: 'en' },
  { label: 'Spanish', code: 'es' },
  { label: 'French', code: 'fr' },
  { label: 'German', code: 'de' },
  { label: 'Italian', code: 'it' },
  { label: 'Portuguese', code: 'pt' },
  { label: 'Dutch', code: 'nl' },
  { label: 'Hindi', code: 'hi' },
  { label: 'Japanese', code: 'ja' },
  { label: 'Korean', code: 'ko' },
  { label: 'Chinese', code: 'zh' },
  { label: 'Arabic', code: 'ar' },
];

const DOCS = ['pdf', 'txt', 'md', 'csv', 'docx', 'html'];
const IMAGES = ['png', 'jpg', 'jpeg', 'gif', 'webp'];

type Flags = Partial<
  Omit<
    CatalogueModel,
    'model' | 'provider' | 'displayName' | 'content_length' | 'inputPricePerMillion' | 'outputPricePerMillion'
  >
>;

function m(
  provider: ProviderName,
  model: string,
  displayName: string,
  content_length: number,
  [inputPricePerMillion, outputPricePerMillion]: [number, number],
  flags: Flags = {},
): CatalogueModel {
  const vision = flags.is_vision_enabled ?? false;
  return {
    model,
    provider,
    displayName,
    type: 'Text',
    logoLink: `/ai-logos/${PROVIDERS[provider].slug}.svg`,
    isActive: true,
    languages: LANGUAGES,
    is_web_search_enabled: false,
    is_reasoning_enabled: false,
    is_audio_enabled: false,
    is_video_enabled: false,
    is_vision_enabled: vision,
    is_image_generated: false,
    isAttachmentSupported: vision,
    supported_file_formats: vision ? [...DOCS, ...IMAGES] : DOCS,
    isHouseModel: false,
    isDefaultHouseModel: false,
    ...flags,
    content_length,
    inputPricePerMillion,
    outputPricePerMillion,
  };
}

const vision = { is_vision_enabled: true } as const;
const reasoning = { is_vision_enabled: true, is_reasoning_enabled: true } as const;
const image = {
  type: 'Image',
  is_image_generated: true,
  isAttachmentSupported: true,
  supported_file_formats: IMAGES,
} as const;

export const CATALOGUE: CatalogueModel[] = [
  // OpenAI
  m('OpenAI', 'gpt-4.1', 'GPT-4.1', 1_047_576, [2, 8], { ...vision, is_web_search_enabled: true }),
  m('OpenAI', 'gpt-4.1-mini', 'GPT-4.1 mini', 1_047_576, [0.4, 1.6], { ...vision, is_web_search_enabled: true }),
  m('OpenAI', 'gpt-4o', 'GPT-4o', 128_000, [2.5, 10], {
    ...vision,
    is_audio_enabled: true,
    is_web_search_enabled: true,
  }),
  m('OpenAI', 'gpt-4o-mini', 'GPT-4o mini', 128_000, [0.15, 0.6], vision),
  m('OpenAI', 'o3', 'o3', 200_000, [2, 8], reasoning),
  m('OpenAI', 'o4-mini', 'o4-mini', 200_000, [1.1, 4.4], reasoning),
  m('OpenAI', 'gpt-4-turbo', 'GPT-4 Turbo (legacy)', 128_000, [10, 30], { ...vision, isActive: false }),
  m('OpenAI', 'gpt-image-1', 'GPT Image 1', 32_000, [5, 40], image),
  // Anthropic
  m('Anthropic', 'claude-opus-4-1', 'Claude Opus 4.1', 200_000, [15, 75], reasoning),
  m('Anthropic', 'claude-sonnet-4-5', 'Claude Sonnet 4.5', 200_000, [3, 15], {
    ...reasoning,
    is_web_search_enabled: true,
  }),
  m('Anthropic', 'claude-haiku-4-5', 'Claude Haiku 4.5', 200_000, [1, 5], vision),
  // Google
  m('Google', 'gemini-2.5-pro', 'Gemini 2.5 Pro', 1_048_576, [1.25, 10], {
    ...reasoning,
    is_audio_enabled: true,
    is_video_enabled: true,
    is_web_search_enabled: true,
  }),
  m('Google', 'gemini-2.5-flash', 'Gemini 2.5 Flash', 1_048_576, [0.3, 2.5], {
    ...reasoning,
    is_audio_enabled: true,
    is_video_enabled: true,
    is_web_search_enabled: true,
  }),
  m('Google', 'gemini-2.5-flash-image', 'Gemini 2.5 Flash Image', 32_768, [0.3, 30], image),
  // Mistral (OpenAI-compatible API)
  m('Mistral', 'mistral-large-latest', 'Mistral Large', 128_000, [2, 6]),
  m('Mistral', 'mistral-medium-latest', 'Mistral Medium', 128_000, [0.4, 2], vision),
  m('Mistral', 'mistral-small-latest', 'Mistral Small', 128_000, [0.1, 0.3], vision),
  // Groq (OpenAI-compatible API)
  m('Groq', 'llama-3.3-70b-versatile', 'Llama 3.3 70B (Groq)', 131_072, [0.59, 0.79]),
  m('Groq', 'openai/gpt-oss-120b', 'GPT-OSS 120B (Groq)', 131_072, [0.15, 0.75], { is_reasoning_enabled: true }),
  // Ollama (local)
  m('Ollama', 'llama3.2', 'Llama 3.2 (Ollama)', 131_072, [0, 0]),
  m('Ollama', 'qwen2.5', 'Qwen 2.5 (Ollama)', 32_768, [0, 0]),
  m('Ollama', 'gemma3', 'Gemma 3 (Ollama)', 131_072, [0, 0], vision),
  // House models: served by the operator's configured provider, paid with credits
  m('Trove', 'trove-chat', 'Trove Chat', 128_000, [0, 0], { ...vision, isHouseModel: true, isDefaultHouseModel: true }),
  m('Trove', 'trove-fast', 'Trove Fast', 128_000, [0, 0], { isHouseModel: true }),
];
