import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AiSettings } from '@/lib/api/ai-contract';
import { unwrap, useBackground } from '../../app/background-context';

export const AI_SETTINGS_KEY = ['ai-settings'] as const;
export const USER_MODELS_KEY = ['ai-user-models'] as const;

/** The user's AI settings and their models with labels, as the background fetches them from the server. */
export function useAiData() {
  const background = useBackground();
  const settings = useQuery({
    queryKey: AI_SETTINGS_KEY,
    queryFn: async () => unwrap(await background.getAiSettings()),
  });
  const models = useQuery({
    queryKey: USER_MODELS_KEY,
    queryFn: async () => unwrap(await background.listUserModels()),
  });
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
