import './page.css';
import { useAtom, useAtomValue } from 'jotai';
import { contextOnAtom, contextTextAtom, pageGemsIncludedAtom } from '../atoms';
import { ChosenBookmarks } from '../bookmarks/ChosenBookmarks';
import { bookmarkCount } from '../bookmarks/selection';
import type { ChosenBookmarks as Bookmarks } from '../bookmarks/use-chosen-bookmarks';
import { AttachedFiles } from '../files/AttachedFiles';
import type { ChatFiles } from '../files/use-chat-files';
import { ChatPageChip } from './ChatPageChip';
import { ContextSummary } from './ContextSummary';
import { PageChip } from './PageChip';
import type { PanelPage } from './use-panel-page';

interface ChatContextProps {
  attached: PanelPage;
  pageGemCount: number;
  contentLength: number | null;
  followTabs: boolean;
  chatId: number | null;
  onOpenUrl: (url: string) => void;
  files: ChatFiles;
  bookmarks: Bookmarks;
  onEditContext: () => void;
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
  onEditContext,
}: ChatContextProps) {
  const [pageGemsIncluded, setPageGemsIncluded] = useAtom(pageGemsIncludedAtom);
  const [text, setText] = useAtom(contextTextAtom);
  const contextOn = useAtomValue(contextOnAtom);
  const bookmarksChosen = bookmarkCount(bookmarks.choice);
  return (
    <>
      <PageChip attached={attached} contentLength={contentLength} followTabs={followTabs} />
      <ChatPageChip chatId={chatId} attachedUrl={attached.page?.url ?? null} onOpenUrl={onOpenUrl} />
      {attached.sendable || files.files.length || bookmarksChosen || text ? (
        <ContextSummary
          counts={{
            files: files.files.length,
            collections: bookmarks.choice.collections.length,
            gems: bookmarks.choice.gems.length,
            pageGems: attached.sendable ? pageGemCount : 0,
            text: Boolean(text.trim()),
          }}
          held={!contextOn}
          onEdit={onEditContext}
          pageGemsIncluded={pageGemsIncluded}
          onClear={() => {
            setPageGemsIncluded(false);
            files.clear();
            bookmarks.clear();
            setText('');
          }}
          onIncludePageGems={() => setPageGemsIncluded(true)}
        />
      ) : null}
      <AttachedFiles files={files.files} onRemove={files.remove} />
      <ChosenBookmarks bookmarks={bookmarks} />
    </>
  );
}
