import { missingKeyMessage, type UserModel } from '../../../lib/api/ai-contract';

/** The composer's tools: each narrows the models the picker offers. */
export type ModelTool = 'chat' | 'picture' | 'web-search' | 'research';

/** How many models one question can be asked of at once in multi-select mode. */
export const MAX_SELECTED_MODELS = 4;

export interface ModelGroup {
  /** The provider's display name, shown as the group's heading. */
  provider: string;
  /** The product's own (house) models: the default group. */
  house: boolean;
  models: UserModel[];
}

export interface GroupOptions {
  /** Typed search text; matched case-insensitively anywhere in displayName. */
  search: string;
  /** The provider of the model in use: its group comes right after the house group. */
  currentProvider: string | null;
  tool: ModelTool;
}

/** Picture shows image models; every other tool shows text models, web search and research only those able to. */
export function fitsTool(model: UserModel, tool: ModelTool): boolean {
  switch (tool) {
    case 'picture':
      return model.type === 'Image';
    case 'web-search':
      return model.type === 'Text' && model.is_web_search_enabled;
    case 'research':
      return model.type === 'Text' && model.is_reasoning_enabled;
    case 'chat':
      return model.type === 'Text';
  }
}

/**
 * The picker's groups: the house models first, then the current provider's, then the other providers
 * alphabetically. Models keep their given order within a group, except that the default house model leads
 * its group. Groups left empty by the search or the tool are dropped.
 */
export function groupModels(
  models: readonly UserModel[],
  { search, currentProvider, tool }: GroupOptions,
): ModelGroup[] {
  const needle = search.trim().toLocaleLowerCase();
  const groups = new Map<string, ModelGroup>();
  for (const model of models) {
    // An inactive model is listed only Inactive, saying why (a team's endpoint its sharer removed): shown, not offered.
    if ((!model.isActive && model.label !== 'Inactive') || !fitsTool(model, tool)) continue;
    if (needle && !model.displayName.toLocaleLowerCase().includes(needle)) continue;
    const key = model.isCurateitAI ? '\u0000house' : model.provider;
    const group = groups.get(key) ?? { provider: model.provider, house: model.isCurateitAI, models: [] };
    group.models.push(model);
    groups.set(key, group);
  }
  const rank = (group: ModelGroup) => (group.house ? 0 : group.provider === currentProvider ? 1 : 2);
  const list = [...groups.values()].sort(
    (a, b) => rank(a) - rank(b) || a.provider.localeCompare(b.provider, undefined, { sensitivity: 'base' }),
  );
  for (const group of list) {
    if (group.house) group.models.sort((a, b) => Number(b.isDefaultForCurateit) - Number(a.isDefaultForCurateit));
  }
  return list;
}

/**
 * Why picking `model` is refused, or null when it can be used. A missing provider key gets the spec's exact
 * message; any other reason the server gave for Inactive (no credits, switched off) is shown as it is.
 */
export function pickRefusal(model: UserModel): string | null {
  if (model.label !== 'Inactive') return null;
  if (model.inactiveReason) return model.inactiveReason;
  return model.isCurateitAI ? `${model.displayName} is not available` : missingKeyMessage(model.provider);
}
