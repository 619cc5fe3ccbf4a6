import { CHAT_SETTINGS_DEFAULTS, type ChatSettings } from '@/lib/api/ai-contract';
import { useAiData, useUpdateAiSettings } from '../ai-settings/use-ai-settings';
import { errorMessage } from '../app/background-context';
import { useToast } from '../ui/Toast';

/** The Chat Settings checkboxes, kept in the user's AI settings on the server. */
export type ChatFlags = ChatSettings;

/** The flags and a setter that saves one to the server (the menu shows the saved state; a failure says so). */
export function useChatFlags() {
  const { settings } = useAiData();
  const toast = useToast();
  const save = useUpdateAiSettings({
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
  return { flags, setFlag: (name: keyof ChatFlags, on: boolean) => save.mutate({ [name]: on }) };
}

export type ChatFlagsState = ReturnType<typeof useChatFlags>;
