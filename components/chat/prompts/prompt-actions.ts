import { promptQueue } from '@/lib/api/prompt-variables';
import type { Prompt } from '@/lib/api/voice-contract';
import type { PromptChoice } from '../use-send-question';
import type { QueuePlan } from './use-prompt-queue';

interface PromptActionInputs {
  /** Starts a prompt queue; false when it was refused (Write mode, another queue running). */
  runQueue: (plan: QueuePlan) => boolean;
  /** Puts the text in the composer. */
  draft: (text: string) => void;
  send: (text: string, prompt: PromptChoice) => void;
  close: () => void;
}

/**
 * What choosing a prompt does: a prompt with lines of
 * three dashes runs as a queue (the drawer stays open when that is refused, so the choice is not lost);
 * a visible single prompt goes into the composer; a hidden one is sent by id, its text never shown.
 */
export function promptActions({ runQueue, draft, send, close }: PromptActionInputs) {
  return {
    onInsert: (text: string, prompt: Prompt) => {
      const parts = promptQueue(text);
      if (parts.length > 1) {
        if (runQueue({ title: prompt.title, parts })) close();
        return;
      }
      draft(text);
      close();
    },
    onSubmitHidden: (prompt: Prompt, variables: Record<string, string>, text?: string) => {
      if (prompt.queueLength > 1) {
        const plan = { title: prompt.title, promptId: prompt.id, variables, count: prompt.queueLength, text };
        if (runQueue(plan)) close();
        return;
      }
      close();
      send(text?.trim() || 'Use the chosen prompt.', { promptId: prompt.id, promptVariables: variables });
    },
  };
}
