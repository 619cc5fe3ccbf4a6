import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AiSettings } from '@/lib/api/ai-contract';
import { useBackground } from '../../app/background-context';
import { AI_SETTINGS_KEY, aiSettingsQuery, USER_MODELS_KEY, userModelsQuery } from './queries';

/** The user's AI settings and their models with labels, as the background fetches them from the server. */
export function useAiData() {
  const background = useBackground();
  const settings = useQuery(aiSettingsQuery(background));
  const models = useQuery(userModelsQuery(background));
  return { settings, models };
}

/** Stores the settings a call answered; when keys changed, the models' labels are fetched again. */
export function useSettingsAnswer() {
  const queryClient = useQueryClient();
  return (settings: AiSettings, { labelsChanged = false } = {}) => {
    queryClient.setQueryData(AI_SETTINGS_KEY, settings);
    if (labelsChanged) void queryClient.invalidateQueries({ queryKey: USER_MODELS_KEY });
  };
}
