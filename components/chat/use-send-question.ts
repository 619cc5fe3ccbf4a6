import { useAtomValue } from 'jotai';
import { isWebAddress } from '@/lib/api/web-address';
import type { TurnOutcome } from '@/lib/chat/answer-stream';
import { MAX_PAGE_CHARS } from '@/lib/chat/page-fit';
import type { ActivePage } from '@/lib/messaging/types';
import {
  activeToolAtom,
  chatModeAtom,
  instructionChoiceAtom,
  languageAtom,
  pageGemsIncludedAtom,
  reasoningEffortAtom,
  temporaryAtom,
} from './atoms';
import { type BookmarkChoice, bookmarkCount, contextIds } from './bookmarks/selection';
import type { AskInput } from './conversation/use-conversation';
import type { ChatFlags } from './use-chat-flags';
import type { useChosenModels } from './use-chosen-models';
import { useContextSent } from './use-context-sent';

export type PromptChoice = Pick<AskInput['body'], 'promptId' | 'promptVariables' | 'promptPart'>;

interface SendInputs {
  ask: (input: AskInput) => Promise<TurnOutcome>;
  models: ReturnType<typeof useChosenModels>;
  flags: ChatFlags;
  /** The attached page, when it may be sent (not while a move to another tab is offered). */
  page: ActivePage | null;
}

interface ContextParts {
  page: ActivePage | null;
  pageGemsIncluded: boolean;
  fileIds: number[];
  bookmarks: BookmarkChoice;
  text: string;
}

/** The question's context: the page (and its saved gems), files, gems and collections, free text; none: undefined. */
function contextOf({ page, pageGemsIncluded, fileIds, bookmarks, text }: ContextParts) {
  const context = {
    ...(page?.extract
      ? {
          pageExtract: { url: page.url, title: page.title, text: page.extract.markdown.slice(0, MAX_PAGE_CHARS) },
          includePageGems: pageGemsIncluded,
        }
      : {}),
    ...(fileIds.length ? { fileIds } : {}),
    ...(bookmarkCount(bookmarks) ? contextIds(bookmarks) : {}),
    ...(text ? { text } : {}),
  };
  return Object.keys(context).length ? context : undefined;
}

/** Sends a question to the chosen models with the chat's settings and the attached page as context. */
export function useSendQuestion({ ask, models, flags, page }: SendInputs) {
  const language = useAtomValue(languageAtom);
  const temporary = useAtomValue(temporaryAtom);
  const pageGemsIncluded = useAtomValue(pageGemsIncludedAtom);
  const { files, bookmarks, text: extraText } = useContextSent();
  const fileIds = files.map((f) => f.id);
  const mode = useAtomValue(chatModeAtom);
  // Write mode hides these options, so its answers come without them.
  const writer = mode === 'ai-writer';
  const choice = useAtomValue(instructionChoiceAtom);
  const tool = useAtomValue(activeToolAtom);
  const reasoningEffort = useAtomValue(reasoningEffortAtom);
  // Pictures are made elsewhere (tools/use-pictures.ts): a question is written with chat, web search or research.
  const toolOptions = tool === 'web-search' ? { tool } : tool === 'research' ? { tool, reasoningEffort } : {};
  /**
   * `extra`: a prompt chosen in the AI Prompts panel (by id, with its variables and the queue part). Resolves with how
   * the answer ended.
   */
  return (text: string, extra?: PromptChoice): Promise<TurnOutcome> => {
    const ids = models.chosen.map((m) => m.id);
    return ask({
      body: {
        text,
        ...choice,
        ...extra,
        ...(ids.length > 1 ? { modelIds: ids } : { modelId: ids[0] }),
        language,
        temporary: temporary && !writer,
        followUps: flags.followUpQuestions && !writer,
        citations: flags.showCitations && !writer,
        costEstimate: flags.costEstimate && !writer,
        memory: flags.enableMemory,
        ...toolOptions,
        context: contextOf({ page, pageGemsIncluded, fileIds, bookmarks, text: extraText }),
      },
      models: models.chosen.map((m) => ({ modelId: m.id, displayName: m.displayName })),
      pageUrl: page && isWebAddress(page.url) ? page.url : undefined,
      chatType: mode,
    });
  };
}
