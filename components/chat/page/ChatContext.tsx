import './page.css';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { contextOnAtom, contextTextAtom, pageGemsIncludedAtom } from '../atoms';
import { ChosenBookmarks } from '../bookmarks/ChosenBookmarks';
import { bookmarkCount } from '../bookmarks/selection';
import { useAttachments, useConversations, useModels, usePageInChat } from '../chat-session';
import { drawerAtom } from '../drawer-atom';
import { AttachedFiles } from '../files/AttachedFiles';
import { openInNewTab } from '../open-url';
import { ChatPageChip } from './ChatPageChip';
import { ContextSummary } from './ContextSummary';
import { PageChip } from './PageChip';
import type { PanelPage } from './use-panel-page';

interface ChatContextProps {
  attached: PanelPage;
  /** The panel follows the active tab (PageChip says so). */
  followTabs: boolean;
}

/** What the chat is about, above the messages: the attached page, the chat's own page, and the extra context. */
export function ChatContext({ attached, followTabs }: ChatContextProps) {
  const { files, bookmarks } = useAttachments();
  const pageGemCount = usePageInChat().pageGems.length;
  const { contentLength } = useModels();
  const { chatId } = useConversations().shown;
  const openDrawer = useSetAtom(drawerAtom);
  const [pageGemsIncluded, setPageGemsIncluded] = useAtom(pageGemsIncludedAtom);
  const [text, setText] = useAtom(contextTextAtom);
  const contextOn = useAtomValue(contextOnAtom);
  const bookmarksChosen = bookmarkCount(bookmarks.choice);
  return (
    <>
      <PageChip attached={attached} contentLength={contentLength} followTabs={followTabs} />
      <ChatPageChip chatId={chatId} attachedUrl={attached.page?.url ?? null} onOpenUrl={openInNewTab} />
      {attached.sendable || files.files.length || bookmarksChosen || text ? (
        <ContextSummary
          counts={{
            files: files.files.length,
            collections: bookmarks.choice.collections.length,
            gems: bookmarks.choice.gems.length,
            searches: bookmarks.choice.searches?.length ?? 0,
            pageGems: attached.sendable ? pageGemCount : 0,
            text: Boolean(text.trim()),
          }}
          held={!contextOn}
          onEdit={() => openDrawer('contexts')}
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
