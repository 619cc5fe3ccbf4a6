import { useMutation } from '@tanstack/react-query';
import { CHAT_SETTINGS_DEFAULTS, type ChatSettings } from '@/lib/api/ai-contract';
import { errorMessage, unwrap, useBackground } from '../app/background-context';
import { useAiData, useSettingsAnswer } from '../options/ai/use-ai-settings';
import { useToast } from '../ui/Toast';

/** The Chat Settings checkboxes, kept in the user's AI settings on the server. */
export type ChatFlags = ChatSettings;

/** The flags and a setter that saves one to the server (the menu shows the saved state; a failure says so). */
export function useChatFlags() {
  const background = useBackground();
  const { settings } = useAiData();
  const answer = useSettingsAnswer();
  const toast = useToast();
  const save = useMutation({
    mutationFn: async ({ name, on }: { name: keyof ChatFlags; on: boolean }) =>
      unwrap(await background.updateAiSettings({ [name]: on })),
    onSuccess: (saved) => answer(saved),
    onError: (error) => toast('error', `The setting was not saved: ${errorMessage(error)}`),
  });
  const data = settings.data;
  const flags: ChatFlags = data
    ? {
        costEstimate: data.costEstimate,
        enableMemory: data.enableMemory,
        streaming: data.streaming,
        followUpQuestions: data.followUpQuestions,
        showCitations: data.showCitations,
      }
    : CHAT_SETTINGS_DEFAULTS;
  return { flags, setFlag: (name: keyof ChatFlags, on: boolean) => save.mutate({ name, on }) };
}

export type ChatFlagsState = ReturnType<typeof useChatFlags>;
