import './contexts.css';
import { useAtom } from 'jotai';
import { useState } from 'react';
import { Button } from '../../ui/Button';
import { Switch } from '../../ui/Switch';
import { Tabs } from '../../ui/Tabs';
import { contextOnAtom, contextTextAtom } from '../atoms';
import { ChosenBookmarks } from '../bookmarks/ChosenBookmarks';
import { bookmarkCount } from '../bookmarks/selection';
import type { ChosenBookmarks as Bookmarks } from '../bookmarks/use-chosen-bookmarks';
import { useAttachments } from '../chat-session';
import type { DrawerPanelProps } from '../drawer-panel-props';
import type { ChatFiles } from '../files/use-chat-files';
import { AttachmentsTab } from './AttachmentsTab';

type ContextTab = 'text' | 'bookmarks' | 'attachments';

interface ContextsPanelProps {
  files: ChatFiles;
  bookmarks: Bookmarks;
  /** Opens the bookmark picker in the drawer. */
  onOpenDrawer: (name: 'bookmarks') => void;
}

/** The drawer's Contexts: the chat's attachments, and the bookmark picker opened in its place. */
export function ContextsDrawer({ open }: DrawerPanelProps<'bookmarks'>) {
  const { files, bookmarks } = useAttachments();
  return <ContextsPanel files={files} bookmarks={bookmarks} onOpenDrawer={open} />;
}

/**
 * The Attachment drawer, titled Contexts: what goes with the next questions besides the
 * page: free text, gems and collections, files. The 'Context' switch holds all of it back without
 * losing it; Reset clears the tab shown.
 */
export function ContextsPanel({ files, bookmarks, onOpenDrawer }: ContextsPanelProps) {
  const [tab, setTab] = useState<ContextTab>('text');
  const [text, setText] = useAtom(contextTextAtom);
  const [on, setOn] = useAtom(contextOnAtom);
  const reset: Record<ContextTab, { run: () => void; empty: boolean }> = {
    text: { run: () => setText(''), empty: !text },
    bookmarks: { run: bookmarks.clear, empty: !bookmarkCount(bookmarks.choice) },
    attachments: { run: files.clear, empty: !files.files.length },
  };
  return (
    <div className="contexts-panel">
      <div className="contexts-bar">
        <Switch
          label="Context"
          checked={on}
          onCheckedChange={setOn}
          hint={on ? 'Sent with your questions' : 'Kept, but not sent'}
        />
        <Button size="sm" variant="ghost" disabled={reset[tab].empty} onClick={reset[tab].run}>
          Reset
        </Button>
      </div>
      <Tabs
        label="Context"
        selected={tab}
        onSelect={(id) => setTab(id as ContextTab)}
        tabs={[
          {
            id: 'text',
            label: 'Context Text',
            content: (
              <div className="contexts-tab">
                {text ? null : <p className="contexts-empty">No context text found</p>}
                <textarea
                  className="ui-input contexts-text"
                  aria-label="Context text"
                  placeholder="Paste or type text to send with your questions"
                  rows={6}
                  value={text}
                  onChange={(event) => setText(event.target.value)}
                />
              </div>
            ),
          },
          {
            id: 'bookmarks',
            label: 'Gems',
            content: (
              <div className="contexts-tab">
                {bookmarkCount(bookmarks.choice) ? (
                  <ChosenBookmarks bookmarks={bookmarks} />
                ) : (
                  <p className="contexts-empty">No gems or collections chosen</p>
                )}
                <Button size="sm" onClick={() => onOpenDrawer('bookmarks')}>
                  Choose gems/collections
                </Button>
              </div>
            ),
          },
          { id: 'attachments', label: 'Attachments', content: <AttachmentsTab files={files} /> },
        ]}
      />
    </div>
  );
}
