import { useAtomValue, useSetAtom } from 'jotai';
import type { ShortcutAction } from '@/lib/chat/shortcuts';
import { activeToolAtom, chatModeAtom, temporaryAtom } from '../atoms';
import { useAttachments, useFlags, useLinks, useModels, usePageInChat } from '../chat-session';
import { drawerAtom } from '../drawer-atom';
import type { DrawerName } from '../drawer-registry';
import { ToolChooser } from '../tools/ToolChooser';
import { AttachmentMenu } from './AttachmentMenu';
import { blockedReason } from './blocked-reason';
import { Composer } from './Composer';
import { ComposerEstimate } from './ComposerEstimate';
import { ModelButton } from './ModelButton';
import { QueuedQuestions } from './QueuedQuestions';
import { useQueuedQuestions } from './use-queued-questions';

/** The drawer each composer shortcut opens. */
const SHORTCUT_DRAWERS: Record<ShortcutAction, DrawerName> = {
  prompts: 'prompts',
  history: 'history',
  agents: 'voices',
  attach: 'bookmarks',
};

interface PanelComposerProps {
  /** Whether the page a question is sent with is read (or known unreadable). */
  pageRead: boolean;
  /** An answer, a prompt queue or a picture is on its way. */
  busy: boolean;
  onSend: (text: string) => void;
  onStop: () => void;
  /** The chosen tool's placeholder (Write mode has its own). */
  placeholder: string;
}

/** The composer as the side panel fills it: the chosen models and tool, the estimate, attachments and shortcuts. */
export function PanelComposer({ pageRead, busy, onSend, onStop, placeholder }: PanelComposerProps) {
  const models = useModels();
  const { flags } = useFlags();
  const { files } = useAttachments();
  // What a question would be sent with, for the estimate.
  const { page } = usePageInChat();
  const { openAiSettings } = useLinks();
  const tool = useAtomValue(activeToolAtom);
  // Write mode: no tools, its own placeholder, no Chat history shortcut.
  const writer = useAtomValue(chatModeAtom) === 'ai-writer';
  const temporary = useAtomValue(temporaryAtom) && !writer;
  const onOpenDrawer = useSetAtom(drawerAtom);
  const waiting = useQueuedQuestions(busy, onSend);
  return (
    <Composer
      blocked={blockedReason(models, tool, temporary)}
      ready={!models.loading && pageRead}
      onOpenAiSettings={openAiSettings}
      busy={busy}
      onSend={onSend}
      onQueue={waiting.add}
      queued={<QueuedQuestions queued={waiting.queued} onRemove={waiting.remove} />}
      onStop={onStop}
      placeholder={writer ? 'What should Trove write?' : placeholder}
      tools={writer ? undefined : <ToolChooser />}
      estimate={
        tool === 'picture' ? null : (
          <ComposerEstimate page={page} models={models.chosen} showCost={flags.costEstimate} />
        )
      }
      modelButton={
        <ModelButton models={models.chosen} loading={models.loading} onOpen={() => onOpenDrawer('models')} />
      }
      attachButton={<AttachmentMenu files={files} onOpenDrawer={onOpenDrawer} />}
      onShortcut={(action) => {
        const drawerName = SHORTCUT_DRAWERS[action];
        // Chat history is not offered in Write mode.
        if (drawerName === 'history' && writer) return false;
        onOpenDrawer(drawerName);
        return true;
      }}
    />
  );
}
