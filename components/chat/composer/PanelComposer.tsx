import type { ShortcutAction } from '@/lib/chat/shortcuts';
import type { ActivePage } from '@/lib/messaging/types';
import type { DrawerName } from '../atoms';
import type { ChatFiles } from '../files/use-chat-files';
import type { ModelTool } from '../models/model-groups';
import { ToolChooser } from '../tools/ToolChooser';
import type { useChosenModels } from '../use-chosen-models';
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
  models: ReturnType<typeof useChosenModels>;
  /** Whether the page a question is sent with is read (or known unreadable). */
  pageRead: boolean;
  tool: ModelTool;
  /** Write mode: no tools, its own placeholder, no Chat history shortcut. */
  writer: boolean;
  temporary: boolean;
  busy: boolean;
  onSend: (text: string) => void;
  onStop: () => void;
  /** The chosen tool's placeholder (Write mode has its own). */
  placeholder: string;
  /** What a question would be sent with, for the estimate. */
  page: ActivePage | null;
  showCost: boolean;
  files: ChatFiles;
  onOpenDrawer: (name: DrawerName) => void;
  onOpenAiSettings: () => void;
}

/** The composer as the side panel fills it: the chosen models and tool, the estimate, attachments and shortcuts. */
export function PanelComposer({
  models,
  pageRead,
  tool,
  writer,
  temporary,
  busy,
  onSend,
  onStop,
  placeholder,
  page,
  showCost,
  files,
  onOpenDrawer,
  onOpenAiSettings,
}: PanelComposerProps) {
  const waiting = useQueuedQuestions(busy, onSend);
  return (
    <Composer
      blocked={blockedReason(models, tool, temporary)}
      ready={!models.loading && pageRead}
      onOpenAiSettings={onOpenAiSettings}
      busy={busy}
      onSend={onSend}
      onQueue={waiting.add}
      queued={<QueuedQuestions queued={waiting.queued} onRemove={waiting.remove} />}
      onStop={onStop}
      placeholder={writer ? 'What should Trove write?' : placeholder}
      tools={writer ? undefined : <ToolChooser />}
      estimate={tool === 'picture' ? null : <ComposerEstimate page={page} models={models.chosen} showCost={showCost} />}
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
