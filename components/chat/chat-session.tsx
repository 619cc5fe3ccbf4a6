import { createContext, type ReactNode, useContext } from 'react';
import type { Gem } from '@/lib/api/contract';
import type { TurnOutcome } from '@/lib/chat/answer-stream';
import type { ActivePage } from '@/lib/messaging/types';
import type { ChosenBookmarks } from './bookmarks/use-chosen-bookmarks';
import type { Conversation } from './conversation/use-conversation';
import type { ChatFiles } from './files/use-chat-files';
import type { QueuePlan } from './prompts/use-prompt-queue';
import type { ChatActions } from './use-chat-actions';
import type { ChatFlagsState } from './use-chat-flags';
import type { ChosenModels } from './use-chosen-models';
import type { PromptChoice } from './use-send-question';

/**
 * What the side panel's parts share, one context each, so a part (the header, the composer, a drawer panel) reads
 * what it needs instead of having it handed down. ChatSessionProvider fills them; tests fill the ones they render.
 */
function slot<T>(what: string) {
  // A context is its own provider (React 19): <Context value={…}>.
  const Context = createContext<T | null>(null);
  const use = (): T => {
    const value = useContext(Context);
    if (value === null) throw new Error(`${what} is read outside its provider`);
    return value;
  };
  return [Context, use] as const;
}

export interface Conversations {
  /** The conversation on screen: Temporary Chat's own turns while it is on. */
  shown: Conversation;
  /** The stored chat, whatever is shown (history, forks and invites are about it). */
  stored: Conversation;
}
export const [ConversationsProvider, useConversations] = slot<Conversations>('The conversation');

export const [ModelsProvider, useModels] = slot<ChosenModels>('The chosen models');

export const [FlagsProvider, useFlags] = slot<ChatFlagsState>('The chat settings');

/** What goes with the next questions besides the page: uploaded files, chosen gems and collections. */
export interface Attachments {
  files: ChatFiles;
  bookmarks: ChosenBookmarks;
}
export const [AttachmentsProvider, useAttachments] = slot<Attachments>('The attachments');

export interface PageInChat {
  /** The attached page, when questions may go with it (not while a move to another tab is offered). */
  page: ActivePage | null;
  /** The user's gems saved at that page's address. */
  pageGems: Gem[];
}
export const [PageProvider, usePageInChat] = slot<PageInChat>('The page in the chat');

export interface ChatCommands {
  /** Sends a question (a hidden prompt chosen in AI Prompts is sent by id); resolves with how the answer ended. */
  send: (text: string, prompt?: PromptChoice) => Promise<TurnOutcome>;
  /** What the answer menus and the share menu do. */
  actions: ChatActions;
  /** Starts a prompt queue (a prompt with lines of three dashes); false when refused. */
  runQueue: (plan: QueuePlan) => boolean;
}
export const [CommandsProvider, useCommands] = slot<ChatCommands>('The chat commands');

/** Where the panel sends the user out of the chat. */
export interface PanelLinks {
  /** The AI settings, in the options page. */
  openAiSettings: () => void;
  /** The Report issue form. */
  reportIssue: () => void;
}
export const [LinksProvider, useLinks] = slot<PanelLinks>('The panel links');

export interface ChatSessionValue {
  conversations: Conversations;
  models: ChosenModels;
  flags: ChatFlagsState;
  attachments: Attachments;
  page: PageInChat;
  commands: ChatCommands;
  links: PanelLinks;
}

/** All of the panel's contexts (use-chat-session.ts makes their values). */
export function ChatSessionProvider({ value, children }: { value: ChatSessionValue; children: ReactNode }) {
  return (
    <ConversationsProvider value={value.conversations}>
      <ModelsProvider value={value.models}>
        <FlagsProvider value={value.flags}>
          <AttachmentsProvider value={value.attachments}>
            <PageProvider value={value.page}>
              <CommandsProvider value={value.commands}>
                <LinksProvider value={value.links}>{children}</LinksProvider>
              </CommandsProvider>
            </PageProvider>
          </AttachmentsProvider>
        </FlagsProvider>
      </ModelsProvider>
    </ConversationsProvider>
  );
}
