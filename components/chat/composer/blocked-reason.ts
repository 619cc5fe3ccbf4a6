import type { UserModel } from '@/lib/api/ai-contract';
import type { ModelTool } from '../models/model-groups';
import type { useChosenModels } from '../use-chosen-models';

/** Why a chosen model cannot be used with `tool`, before anything is sent; null when every one can. */
export function toolRefusal(tool: ModelTool, chosen: readonly UserModel[], temporary: boolean): string | null {
  if (tool === 'picture' && temporary) return 'Pictures are kept in the chat: turn Temporary Chat off to make them.';
  for (const model of chosen) {
    if (tool === 'web-search' && !model.is_web_search_enabled)
      return `${model.displayName} cannot search the web. Choose a model with Web.`;
    if (tool === 'research' && !model.is_reasoning_enabled)
      return `${model.displayName} is not a reasoning model. Choose one with Reasoning.`;
  }
  return null;
}

/** No image model is usable: which providers' keys would give one, or that this server has none. */
function noImageModel(models: readonly UserModel[]): string {
  const providers = [...new Set(models.filter((m) => m.type === 'Image' && m.isActive).map((m) => m.provider))];
  if (!providers.length) return 'No image model can make pictures here: this server offers none.';
  const names = providers.length > 1 ? `${providers.slice(0, -1).join(', ')} or ${providers.at(-1)}` : providers[0];
  return `No image model can make pictures yet: add a key for ${names} in AI settings to get one.`;
}

/** Why the composer cannot send now (no model, one without a key, one unfit for the tool); null when it can. */
export function blockedReason(
  models: ReturnType<typeof useChosenModels>,
  tool: ModelTool = 'chat',
  temporary = false,
): string | null {
  if (models.loading) return null;
  if (!models.chosen.length)
    return tool === 'picture' ? noImageModel(models.models.data ?? []) : 'No model can answer yet.';
  if (models.unusable)
    return models.unusable.inactiveReason ?? `Add a key for ${models.unusable.provider} in AI settings.`;
  return toolRefusal(tool, models.chosen, temporary);
}
