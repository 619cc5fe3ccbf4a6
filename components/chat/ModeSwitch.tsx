import type { ChatType } from '@/lib/api/chat-contract';
import { waitWhile } from './answer-busy';

const MODES: { mode: ChatType; label: string; hint: string }[] = [
  { mode: 'chat', label: 'Chat', hint: 'Chat about the page and your gems' },
  { mode: 'ai-writer', label: 'Write', hint: 'Writing help: drafts, rewrites and replies, ready to paste' },
];

interface ModeSwitchProps {
  mode: ChatType;
  onChange: (mode: ChatType) => void;
  /** While an answer is being written the tab stays (its answer goes on either way). */
  disabled: boolean;
}

/** The panel's two tabs: Chat, and Write (the spec's ai-writer chat type, with fewer options). */
export function ModeSwitch({ mode, onChange, disabled }: ModeSwitchProps) {
  return (
    <fieldset className="mode-switch">
      <legend className="visually-hidden">Panel mode</legend>
      {MODES.map((m) => {
        const wait = waitWhile(disabled && mode !== m.mode);
        return (
          <button
            key={m.mode}
            type="button"
            className="mode-switch-button"
            aria-pressed={mode === m.mode}
            title={wait.title ?? m.hint}
            disabled={wait.disabled}
            onClick={() => onChange(m.mode)}
          >
            {m.label}
          </button>
        );
      })}
    </fieldset>
  );
}
