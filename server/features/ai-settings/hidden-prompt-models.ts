import type { ProviderAccess } from '../../ai/providers';
import type { AiModelRow } from '../../db/types';
import { fieldError } from '../../http/errors';

/**
 * A prompt whose author hides its text is sent whole, as a system message, to the model that runs it. For
 * anyone but its author it runs only where the runner cannot read what the model is sent: house models (the
 * operator's upstream) and a provider's own service reached with the runner's key. Their own endpoint, their
 * Ollama, or a key with a base URL they set would receive the text verbatim. A model can still be talked into
 * repeating its instructions; see the README's "AI Prompts".
 */

interface Runner {
  model: AiModelRow;
  access: ProviderAccess;
}

/** Where the runner controls the upstream, in words for the refusal; null where they do not. */
function runnerUpstream({ model, access }: Runner): string | null {
  if (model.isHouseModel) return null;
  if (access.custom) return 'is served by your own endpoint';
  if (access.kind === 'ollama') return 'is served by your own Ollama';
  if (access.baseUrl !== undefined) return 'is called at a base URL you set';
  return null;
}

/** Refuses (400 naming modelId) a hidden prompt on any model whose upstream the runner controls. */
export function assertHiddenPromptModels(promptTitle: string | undefined, runners: Runner[]): void {
  if (promptTitle === undefined) return;
  for (const runner of runners) {
    const where = runnerUpstream(runner);
    if (!where) continue;
    throw fieldError(
      400,
      'modelId',
      `The prompt "${promptTitle}" hides its text, so it runs only on house models or a provider's own service: ${runner.model.displayName} ${where}, which would receive that text. Choose another model.`,
    );
  }
}
