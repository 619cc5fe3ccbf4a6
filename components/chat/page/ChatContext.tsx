import { useAtom } from 'jotai';
import { pageGemsIncludedAtom } from '../atoms';
import { ChosenBookmarks } from '../bookmarks/ChosenBookmarks';
import { bookmarkCount } from '../bookmarks/selection';
import type { ChosenBookmarks as Bookmarks } from '../bookmarks/use-chosen-bookmarks';
import { AttachedFiles } from '../files/AttachedFiles';
import type { ChatFiles } from '../files/use-chat-files';
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
  files: ChatFiles;
  bookmarks: Bookmarks;
}

/** What the chat is about, above the messages: the attached page, the chat's own page, and the extra context. */
export function ChatContext({
  attached,
  pageGemCount,
  contentLength,
  followTabs,
  chatId,
  onOpenUrl,
  files,
  bookmarks,
}: ChatContextProps) {
  const [pageGemsIncluded, setPageGemsIncluded] = useAtom(pageGemsIncludedAtom);
  const bookmarksChosen = bookmarkCount(bookmarks.choice);
  return (
    <>
      <PageChip attached={attached} contentLength={contentLength} followTabs={followTabs} />
      <ChatPageNote chatId={chatId} attachedUrl={attached.page?.url ?? null} onOpenUrl={onOpenUrl} />
      {attached.sendable || files.files.length || bookmarksChosen ? (
        <ContextSummary
          counts={{
            files: files.files.length,
            bookmarks: bookmarksChosen,
            pageGems: attached.sendable ? pageGemCount : 0,
          }}
          pageGemsIncluded={pageGemsIncluded}
          onClear={() => {
            setPageGemsIncluded(false);
            files.clear();
            bookmarks.clear();
          }}
          onIncludePageGems={() => setPageGemsIncluded(true)}
        />
      ) : null}
      <AttachedFiles files={files.files} onRemove={files.remove} />
      <ChosenBookmarks bookmarks={bookmarks} />
    </>
  );
}
