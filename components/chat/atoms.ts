import { atom, type SetStateAction } from 'jotai';
import type { ChatType, Message, PictureShape, ReasoningEffort } from '@/lib/api/chat-contract';
import type { ChatFile } from '@/lib/api/chat-files-contract';
import { type BookmarkChoice, NO_BOOKMARKS } from './bookmarks/selection';
import type { ModelTool } from './models/model-groups';

/** The side panel's UI state; what the server knows lives in React Query (queries.ts). */

/** The panel's tab: Chat, or Write (a chat of the 'ai-writer' type, with fewer options). */
export const chatModeAtom = atom<ChatType>('chat');
/** Each tab's chat; null until its first question creates one. */
export const chatIdsAtom = atom<Record<ChatType, number | null>>({ chat: null, 'ai-writer': null });
/** The chat on screen: the one of the tab shown. */
export const chatIdAtom = atom(
  (get) => get(chatIdsAtom)[get(chatModeAtom)],
  (get, set, next: SetStateAction<number | null>) => {
    const mode = get(chatModeAtom);
    const ids = get(chatIdsAtom);
    set(chatIdsAtom, { ...ids, [mode]: typeof next === 'function' ? next(ids[mode]) : next });
  },
);
export const draftAtom = atom('');
/** Answer in this language (a code such as 'fr'); null: the settings' default. */
export const languageAtom = atom<string | null>(null);
/** 'Multi select models': one answer per chosen model (up to 4). */
export const multiSelectAtom = atom(false);
export const multiModelIdsAtom = atom<number[]>([]);
/** Nothing stored; gone when the panel closes. */
export const temporaryAtom = atom(false);

/** The composer's tool: it narrows the models the picker offers and how the question is answered. */
export const chatToolAtom = atom<ModelTool>('chat');
/** The tool in use: Write mode has only Chat. */
export const activeToolAtom = atom((get) => (get(chatModeAtom) === 'ai-writer' ? 'chat' : get(chatToolAtom)));
/** Research: how hard the model reasons. */
export const reasoningEffortAtom = atom<ReasoningEffort>('medium');
/** Picture: the shape and number of pictures. */
export const pictureOptionsAtom = atom<{ shape: PictureShape; count: number }>({ shape: 'square', count: 1 });

/** Files uploaded from the device for the chat's next questions (their text goes in the context). */
export const attachedFilesAtom = atom<ChatFile[]>([]);

/** Free text sent as context with the chat's next questions (Contexts → Context Text). */
export const contextTextAtom = atom('');
/** The Contexts panel's 'Context' switch: off, the chosen text, gems, collections and files stay but are not sent. */
export const contextOnAtom = atom(true);

/** Gems and collections chosen in the Bookmark attachment panel for the chat's next questions. */
export const chosenBookmarksAtom = atom<BookmarkChoice>(NO_BOOKMARKS);

/** The user's gems saved for the attached page go with the question (the context chip clears it). */
export const pageGemsIncludedAtom = atom(true);

/** The brand voice and agent chosen for the next questions; undefined: the user's defaults apply, null: none. */
export const instructionChoiceAtom = atom<{ brandVoiceId?: number | null; personaId?: number | null }>({});

/** Switch Model / Switch Language for one answer: the next pick regenerates it instead of changing the defaults. */
export const answerSwitchAtom = atom<{ turnKey: string; message: Message; displayName: string } | null>(null);
