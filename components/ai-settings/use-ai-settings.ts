import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AiSettings, UpdateAiSettingsInput } from '@/lib/api/ai-contract';
import { unwrap, useBackground } from '../app/background-context';
import { aiSettingsKeys, aiSettingsQuery, userModelsQuery } from './queries';

// The AI settings as both the options page and the side panel read and write them: every write goes through the
// background, and every answer is stored by `useSettingsAnswer` (the other open pages then fetch it again).

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
    queryClient.setQueryData(aiSettingsKeys.settings, settings);
    if (labelsChanged) void queryClient.invalidateQueries({ queryKey: aiSettingsKeys.models });
  };
}

interface UpdateCallbacks {
  /** After the answer is stored (a promise returned is waited for). */
  onSuccess?: (settings: AiSettings, input: UpdateAiSettingsInput) => unknown;
  onError?: (error: Error) => void;
}

/** Saves some of the settings (defaults, language, chat settings): `PUT /api/ai-settings`. */
export function useUpdateAiSettings({ onSuccess, onError }: UpdateCallbacks = {}) {
  const background = useBackground();
  const answered = useSettingsAnswer();
  return useMutation({
    mutationFn: async (input: UpdateAiSettingsInput) => unwrap(await background.updateAiSettings(input)),
    onSuccess: (settings, input) => {
      answered(settings);
      return onSuccess?.(settings, input);
    },
    onError,
  });
}

/** Makes a model the user's default text or image model. */
export function useSelectModel() {
  const background = useBackground();
  const answered = useSettingsAnswer();
  return useMutation({
    mutationFn: async (input: { modelId: number; kind: 'text' | 'image' }) =>
      unwrap(await background.selectModel(input)),
    onSuccess: (settings) => answered(settings),
  });
}
