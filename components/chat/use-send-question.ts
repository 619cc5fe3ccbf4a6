import { useAtomValue } from 'jotai';
import { MAX_PAGE_CHARS } from '@/lib/chat/page-fit';
import type { ActivePage } from '@/lib/messaging/types';
import {
  attachedFilesAtom,
  chatModeAtom,
  chosenBookmarksAtom,
  instructionChoiceAtom,
  languageAtom,
  pageGemsIncludedAtom,
  temporaryAtom,
} from './atoms';
import { bookmarkCount, contextIds } from './bookmarks/selection';
import type { AskInput } from './conversation/use-conversation';
import type { ChatFlags } from './use-chat-flags';
import type { useChosenModels } from './use-chosen-models';

interface SendInputs {
  ask: (input: AskInput) => Promise<unknown>;
  models: ReturnType<typeof useChosenModels>;
  flags: ChatFlags;
  /** The attached page, when it may be sent (not while a move to another tab is offered). */
  page: ActivePage | null;
}

/** Sends a question to the chosen models with the chat's settings and the attached page as context. */
export function useSendQuestion({ ask, models, flags, page }: SendInputs) {
  const language = useAtomValue(languageAtom);
  const temporary = useAtomValue(temporaryAtom);
  const pageGemsIncluded = useAtomValue(pageGemsIncludedAtom);
  const fileIds = useAtomValue(attachedFilesAtom).map((f) => f.id);
  const bookmarks = useAtomValue(chosenBookmarksAtom);
  const mode = useAtomValue(chatModeAtom);
  // Write mode hides these options (spec §2), so its answers come without them.
  const writer = mode === 'ai-writer';
  const choice = useAtomValue(instructionChoiceAtom);
  /** `extra`: a prompt chosen in the AI Prompts panel (by id, with its variables). */
  return (text: string, extra?: Pick<AskInput['body'], 'promptId' | 'promptVariables'>) => {
    const ids = models.chosen.map((m) => m.id);
    void ask({
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
        context:
          page?.extract || fileIds.length || bookmarkCount(bookmarks)
            ? {
                ...(page?.extract
                  ? {
                      pageExtract: {
                        url: page.url,
                        title: page.title,
                        text: page.extract.markdown.slice(0, MAX_PAGE_CHARS),
                      },
                      includePageGems: pageGemsIncluded,
                    }
                  : {}),
                ...(fileIds.length ? { fileIds } : {}),
                ...(bookmarkCount(bookmarks) ? contextIds(bookmarks) : {}),
              }
            : undefined,
      },
      models: models.chosen.map((m) => ({ modelId: m.id, displayName: m.displayName })),
      pageUrl: page && /^https?:/.test(page.url) ? page.url : undefined,
      chatType: mode,
    });
  };
}
