import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { Suspense } from 'react';
import type { Gem } from '@/lib/api/contract';
import type { ActivePage } from '@/lib/messaging/types';
import { Drawer } from '../ui/Drawer';
import { Spinner } from '../ui/Spinner';
import {
  activeToolAtom,
  answerSwitchAtom,
  type DrawerName,
  draftAtom,
  instructionChoiceAtom,
  languageAtom,
} from './atoms';
import type { ChosenBookmarks } from './bookmarks/use-chosen-bookmarks';
import type { Conversation } from './conversation/use-conversation';
import {
  BookmarkPanel,
  ChatModelsPanel,
  ContextsPanel,
  EditGemPanel,
  HistoryPanel,
  InvitePanel,
  LanguagePicker,
  MemoryPanel,
  PromptsPanel,
  ShortcutsPanel,
  VoicesPanel,
} from './drawer-panels';
import type { ChatFiles } from './files/use-chat-files';
import { promptActions } from './prompts/prompt-actions';
import type { QueuePlan } from './prompts/use-prompt-queue';
import type { useChosenModels } from './use-chosen-models';
import type { PromptChoice } from './use-send-question';

interface ChatDrawersProps {
  open: DrawerName | null;
  onClose: () => void;
  conversation: Conversation;
  models: ReturnType<typeof useChosenModels>;
  /** Edit Gem: the attached page and its saved gem. */
  editGem?: { page: ActivePage; gem: Gem };
  /** The context going with the next questions (the Contexts panel shows and edits it). */
  files: ChatFiles;
  bookmarks: ChosenBookmarks;
  /** Opens another panel in the drawer (Contexts → the bookmark picker). */
  onOpenDrawer: (name: DrawerName) => void;
  /** Sends a question (a hidden prompt chosen in AI Prompts is sent by id). */
  onSend: (text: string, prompt?: PromptChoice) => void;
  /** Starts a prompt queue (a prompt with lines of three dashes); false when refused. */
  onRunQueue: (plan: QueuePlan) => boolean;
}

const TITLES: Record<DrawerName, string> = {
  models: 'AI Models',
  language: 'Language',
  history: 'Chat History',
  shortcuts: 'Keyboard Shortcuts',
  invite: 'Invite Other',
  'edit-gem': 'Edit Gem',
  prompts: 'AI Prompts',
  voices: 'Brand voices and agents',
  memory: 'Memory',
  bookmarks: 'Gems and collections',
  contexts: 'Contexts',
};

/** The bottom Chat drawer: one panel at a time. Closing it clears what it was opened for. */
export function ChatDrawers({
  open,
  onClose,
  conversation,
  models,
  editGem,
  files,
  bookmarks,
  onOpenDrawer,
  onSend,
  onRunQueue,
}: ChatDrawersProps) {
  const [switching, setSwitching] = useAtom(answerSwitchAtom);
  const [language, setLanguage] = useAtom(languageAtom);
  const tool = useAtomValue(activeToolAtom);
  // The picture tool's picker is the spec's AI Image Models panel (without the two switches).
  const titleOf = (name: DrawerName) => (name === 'models' && tool === 'picture' ? 'AI Image Models' : TITLES[name]);
  const [choice, setChoice] = useAtom(instructionChoiceAtom);
  const setDraft = useSetAtom(draftAtom);
  const close = () => {
    setSwitching(null);
    onClose();
  };

  const selectLanguage = (code: string) => {
    if (switching) {
      const target = switching;
      close();
      void conversation.regenerate(target.turnKey, target.message, { regenerationLanguage: code }, target.displayName);
      return;
    }
    setLanguage(code);
    close();
  };

  return (
    <Drawer
      open={open !== null}
      onClose={close}
      title={
        open ? (switching && open === 'models' ? 'Switch Model' : switching ? 'Switch language' : titleOf(open)) : ''
      }
    >
      <Suspense fallback={<Spinner label="Loading" />}>
        {open === 'models' ? <ChatModelsPanel conversation={conversation} models={models} onClose={close} /> : null}
        {open === 'language' ? (
          <LanguagePicker
            current={switching?.message.language ?? language ?? models.settings.data?.defaultLanguage ?? null}
            onSelect={selectLanguage}
          />
        ) : null}
        {open === 'history' ? (
          <HistoryPanel
            busy={conversation.busy}
            onOpenChat={(id) => {
              conversation.openChat(id);
              close();
            }}
          />
        ) : null}
        {open === 'shortcuts' ? <ShortcutsPanel /> : null}
        {open === 'prompts' ? (
          <PromptsPanel
            modelId={models.chosen[0]?.id}
            {...promptActions({ runQueue: onRunQueue, draft: setDraft, send: onSend, close })}
          />
        ) : null}
        {open === 'voices' ? (
          <VoicesPanel
            selected={{ brandVoiceId: choice.brandVoiceId ?? null, personaId: choice.personaId ?? null }}
            onSelect={(kind, item) =>
              setChoice((current) => ({
                ...current,
                [kind === 'voice' ? 'brandVoiceId' : 'personaId']: item?.id ?? null,
              }))
            }
          />
        ) : null}
        {open === 'memory' ? <MemoryPanel /> : null}
        {open === 'bookmarks' ? <BookmarkPanel onDone={close} /> : null}
        {open === 'contexts' ? <ContextsPanel files={files} bookmarks={bookmarks} onOpenDrawer={onOpenDrawer} /> : null}
        {open === 'invite' && conversation.chatId !== null ? <InvitePanel chatId={conversation.chatId} /> : null}
        {open === 'edit-gem' && editGem ? <EditGemPanel page={editGem.page} gem={editGem.gem} onDone={close} /> : null}
      </Suspense>
    </Drawer>
  );
}
