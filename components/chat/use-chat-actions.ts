import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import type { RegenerateOptions } from '@/lib/api/chat-contract';
import type { AnswerView, TurnView } from '@/lib/chat/conversation-view';
import type { Session } from '@/lib/messaging/types';
import { errorMessage, unwrap, useBackground } from '../app/background-context';
import { appKeys } from '../app/queries';
import { useToast } from '../ui/Toast';
import { promptKeys } from '../writing/prompts/queries';
import { draftAtom } from './atoms';
import { useChatApi } from './chat-api-context';
import type { Conversation } from './conversation/use-conversation';
import { historyKeys } from './history/queries';
import type { AnswerActions } from './menus/AnswerOptions';
import type { SaveKind, SaveTarget } from './menus/SaveAnswerFields';
import type { ShareActions } from './menus/ShareMenu';

const STEPS_QUESTION = 'Turn this conversation into clear, numbered steps.';

/** Saves a blob as a download named `filename`. */
function download(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: filename });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** What the answer menus and the share menu do, with a toast for each outcome. */
export function useChatActions(
  conversation: Conversation,
  ask: (text: string) => void,
  chatUrl: string | null,
  openInvite: () => void,
  /** The model that writes a prompt from the conversation (the chosen one). */
  modelId: number | undefined,
) {
  const api = useChatApi();
  const background = useBackground();
  const queryClient = useQueryClient();
  const toast = useToast();
  const setDraft = useSetAtom(draftAtom);
  const fail = (error: unknown) => toast('error', errorMessage(error));

  const forAnswer = (
    turn: TurnView,
    answer: AnswerView,
    openSwitch: (drawer: 'models' | 'language') => void,
  ): AnswerActions => {
    const stored = answer.stored;
    const regenerate = (options: Partial<RegenerateOptions>) => {
      if (stored) void conversation.regenerate(turn.key, stored, options, answer.displayName);
    };
    return {
      regenerate,
      switchLanguage: () => openSwitch('language'),
      switchModel: () => openSwitch('models'),
      fork: () => {
        if (!answer.messageId) return;
        api
          .fork(answer.messageId)
          .then((chat) => {
            conversation.openChat(chat.id);
            toast('success', `Forked into “${chat.title}”`);
          })
          .catch(fail);
      },
      save: (kind: SaveKind, target: SaveTarget) => void saveAnswer(kind, target, turn, answer),
      savePrompt: () => {
        if (answer.messageId) void savedPrompt(api.promptFromAnswer(answer.messageId));
      },
      copy: () =>
        navigator.clipboard.writeText(answer.text).then(() => toast('success', 'Text Copied to clipboard'), fail),
      reply: () =>
        setDraft(
          `${answer.text
            .split('\n')
            .map((line) => `> ${line}`)
            .join('\n')}\n\n`,
        ),
    };
  };

  async function saveAnswer(kind: SaveKind, target: SaveTarget, turn: TurnView, answer: AnswerView) {
    // The panel only shows once the session is known: its server address is in the cache.
    const serverUrl = queryClient.getQueryData<Session>(appKeys.session)?.serverUrl ?? '';
    const url = chatUrl ?? `${serverUrl}/api/chats/${conversation.chatId}/export?format=markdown`;
    try {
      const outcome = unwrap(
        await background.saveGem({
          key: crypto.randomUUID(),
          label: `${kind}: ${turn.question.slice(0, 60)}`,
          payload: {
            endpoint: 'gems',
            gem: {
              title: turn.question.slice(0, 200),
              url,
              media_type: kind,
              text: answer.text,
              collectionId: target.collectionId,
            },
          },
        }),
      );
      if (outcome.status === 'failed') fail(outcome.error.message);
      else
        toast(
          'success',
          outcome.status === 'saved'
            ? `Saved as a ${kind} in ${target.name}`
            : `Saved as a ${kind} in ${target.name} once the server can be reached`,
        );
    } catch (error) {
      fail(error);
    }
  }

  /** A prompt the server made: the AI Prompts lists show it, and a toast names it. */
  async function savedPrompt(made: Promise<{ title: string }>) {
    try {
      const prompt = await made;
      void queryClient.invalidateQueries({ queryKey: promptKeys.all });
      toast('success', `Saved as the prompt “${prompt.title}”`);
    } catch (error) {
      fail(error);
    }
  }

  const chatId = conversation.chatId;
  const share: ShareActions = {
    invite: openInvite,
    duplicate: () => {
      if (chatId === null) return;
      api
        .duplicate(chatId)
        .then((copy) => {
          void queryClient.invalidateQueries({ queryKey: historyKeys.all });
          conversation.openChat(copy.id);
          toast('success', `Duplicated as “${copy.title}”`);
        })
        .catch(fail);
    },
    generateSteps: () => ask(STEPS_QUESTION),
    createPrompt: () => {
      if (chatId === null || modelId === undefined) return;
      toast('info', 'Writing a prompt from this conversation…');
      void savedPrompt(api.promptFromChat(chatId, modelId));
    },
    exportAs: (format) => {
      if (chatId === null) return;
      api
        .exportChat(chatId, format)
        .then(({ blob, filename }) => download(blob, filename))
        .catch(fail);
    },
    copy: () => {
      if (chatId === null) return;
      api
        .exportChat(chatId, 'text')
        .then(({ blob }) => blob.text())
        .then((text) => navigator.clipboard.writeText(text))
        .then(() => toast('success', 'Chat Copied Successfully'), fail);
    },
  };

  return { forAnswer, share };
}

export type ChatActions = ReturnType<typeof useChatActions>;
