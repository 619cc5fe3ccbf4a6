import { useAtom } from 'jotai';
import { pageGemsIncludedAtom } from '../atoms';
import { ChatPageNote } from './ChatPageNote';
import { ContextSummary } from './ContextSummary';
import { PageChip } from './PageChip';
import type { useAttachedPage } from './use-attached-page';

interface ChatContextProps {
  attached: ReturnType<typeof useAttachedPage>;
  pageGemCount: number;
  contentLength: number | null;
  followTabs: boolean;
  chatId: number | null;
  onOpenUrl: (url: string) => void;
}

/** What the chat is about, above the messages: the attached page, the chat's own page, and the extra context. */
export function ChatContext({
  attached,
  pageGemCount,
  contentLength,
  followTabs,
  chatId,
  onOpenUrl,
}: ChatContextProps) {
  const [pageGemsIncluded, setPageGemsIncluded] = useAtom(pageGemsIncludedAtom);
  return (
    <>
      <PageChip attached={attached} contentLength={contentLength} followTabs={followTabs} />
      <ChatPageNote chatId={chatId} attachedUrl={attached.page?.url ?? null} onOpenUrl={onOpenUrl} />
      {attached.sendable ? (
        <ContextSummary
          counts={{ files: 0, bookmarks: 0, pageGems: pageGemCount }}
          pageGemsIncluded={pageGemsIncluded}
          onClear={() => setPageGemsIncluded(false)}
          onIncludePageGems={() => setPageGemsIncluded(true)}
        />
      ) : null}
    </>
  );
}
