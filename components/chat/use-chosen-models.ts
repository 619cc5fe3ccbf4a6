import { useAtomValue } from 'jotai';
import type { AiSettings, UserModel } from '@/lib/api/ai-contract';
import { useAiData } from '../ai-settings/use-ai-settings';
import { activeToolAtom, multiModelIdsAtom, multiSelectAtom } from './atoms';

/** The default text model: the settings' choice, else the house default, else the first usable one. */
export function defaultModel(models: UserModel[], settings: AiSettings | undefined): UserModel | undefined {
  const text = models.filter((m) => m.type === 'Text');
  return (
    text.find((m) => m.provider === settings?.defaultAI && m.model === settings?.defaultModel) ??
    text.find((m) => m.isDefaultForCurateit && m.label !== 'Inactive') ??
    text.find((m) => m.label !== 'Inactive') ??
    text[0]
  );
}

/**
 * The default image model (the picture tool): the settings' image choice, else the first usable one; none when none
 * is usable (the composer then says how to get one, rather than switching to a model that cannot draw).
 */
export function defaultImageModel(models: UserModel[], settings: AiSettings | undefined): UserModel | undefined {
  const images = models.filter((m) => m.type === 'Image' && m.isActive && m.label !== 'Inactive');
  return (
    images.find((m) => m.provider === settings?.defaultImageAI && m.model === settings?.defaultImageModel) ?? images[0]
  );
}

/**
 * The models the next question goes to: the default, or the chosen ones with 'Multi select models' on; with the
 * picture tool, the default image model alone.
 */
export function useChosenModels() {
  const { settings, models } = useAiData();
  const picture = useAtomValue(activeToolAtom) === 'picture';
  const multi = useAtomValue(multiSelectAtom) && !picture;
  const multiIds = useAtomValue(multiModelIdsAtom);
  const all = models.data ?? [];
  const single = picture ? defaultImageModel(all, settings.data) : defaultModel(all, settings.data);
  const chosen = multi && multiIds.length ? all.filter((m) => multiIds.includes(m.id)) : single ? [single] : [];
  const unusable = chosen.find((m) => m.label === 'Inactive');
  return {
    settings,
    models,
    chosen,
    multi: multi && chosen.length > 1,
    /** The smallest context among the chosen models: what the page must fit. */
    contentLength: chosen.length ? Math.min(...chosen.map((m) => m.content_length)) : null,
    /** Why nothing can be sent: no model, or one that cannot be used (its reason). */
    unusable,
    loading: settings.isPending || models.isPending,
  };
}

export type ChosenModels = ReturnType<typeof useChosenModels>;
