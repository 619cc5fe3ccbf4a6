import type { AiProviderSettings, CustomEndpoint } from '@/lib/api/ai-contract';
import type { SetEmbeddingModelInput } from '@/lib/api/embeddings-contract';

/** One way to reach an embedding model, as the picker offers it; `model` is the name filled in for it. */
export interface EmbeddingChoice {
  value: string;
  label: string;
  model: string;
  input: (model: string) => SetEmbeddingModelInput;
}

/** The built-in providers that make embeddings, and a model each offers. */
const PROVIDER_MODELS: Record<string, string> = {
  openai: 'text-embedding-3-small',
  mistral: 'mistral-embed',
  ollama: 'nomic-embed-text',
};

/** The first of an endpoint's models whose name says it embeds, else a common one. */
const endpointModel = (endpoint: CustomEndpoint) =>
  endpoint.models.find((m) => /embed/i.test(m.model))?.model ?? 'nomic-embed-text';

/**
 * What the user can choose now: the server's own model, the built-in providers that make embeddings and that the user
 * has a key (or, Ollama, an address) for, and each of their endpoints.
 */
export function embeddingChoices(
  houseModel: string | null,
  providers: AiProviderSettings[],
  endpoints: CustomEndpoint[],
): EmbeddingChoice[] {
  const house: EmbeddingChoice[] = houseModel
    ? [{ value: 'house', label: `Trove (${houseModel})`, model: houseModel, input: () => ({ source: 'house' }) }]
    : [];
  const builtIn = providers
    .filter((p) => p.slug in PROVIDER_MODELS && (p.apiKey !== null || (!p.keyRequired && p.baseUrl !== null)))
    .map((p) => ({
      value: `provider:${p.slug}`,
      label: p.provider,
      model: PROVIDER_MODELS[p.slug] ?? '',
      input: (model: string) => ({ source: 'provider' as const, provider: p.provider, model }),
    }));
  const own = endpoints.map((e) => ({
    value: `endpoint:${e.id}`,
    label: e.name,
    model: endpointModel(e),
    input: (model: string) => ({ source: 'endpoint' as const, endpointId: e.id, model }),
  }));
  return [...house, ...builtIn, ...own];
}
