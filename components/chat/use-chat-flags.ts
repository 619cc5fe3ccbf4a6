import { useMutation } from '@tanstack/react-query';
import type { AiSettings } from '@/lib/api/ai-contract';
import { unwrap, useBackground } from '../app/background-context';
import { useAiData, useSettingsAnswer } from '../options/ai/use-ai-settings';

/** The Chat Settings checkboxes, kept in the user's AI settings on the server. */
export interface ChatFlags {
  costEstimate: boolean;
  enableMemory: boolean;
  streaming: boolean;
  followUpQuestions: boolean;
  showCitations: boolean;
}

export const DEFAULT_CHAT_FLAGS: ChatFlags = {
  costEstimate: false,
  enableMemory: false,
  streaming: true,
  followUpQuestions: true,
  showCitations: true,
};

export function chatFlags(settings: AiSettings | undefined): ChatFlags {
  const flags = { ...DEFAULT_CHAT_FLAGS };
  for (const name of Object.keys(flags) as (keyof ChatFlags)[]) {
    const value = (settings as Record<string, unknown> | undefined)?.[name];
    if (typeof value === 'boolean') flags[name] = value;
  }
  return flags;
}

/** The flags and a setter that saves one to the server (the menu shows the saved state). */
export function useChatFlags() {
  const background = useBackground();
  const { settings } = useAiData();
  const answer = useSettingsAnswer();
  const save = useMutation({
    mutationFn: async ({ name, on }: { name: keyof ChatFlags; on: boolean }) =>
      unwrap(await background.updateAiSettings({ [name]: on })),
    onSuccess: (saved) => answer(saved),
  });
  return {
    flags: chatFlags(settings.data),
    setFlag: (name: keyof ChatFlags, on: boolean) => save.mutate({ name, on }),
    error: save.error,
  };
}
