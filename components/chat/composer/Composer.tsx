import { useAtom } from 'jotai';
import type { KeyboardEvent, ReactNode } from 'react';
import { type ShortcutAction, shortcutFor } from '@/lib/chat/shortcuts';
import { Button } from '../../ui/Button';
import { draftAtom } from '../atoms';

interface ComposerProps {
  /** Why nothing can be sent now (no usable model…), shown with the way to AI settings; null when it can. */
  blocked: string | null;
  onOpenAiSettings: () => void;
  busy: boolean;
  onSend: (text: string) => void;
  onStop: () => void;
  /** The context size (and cost) estimate for what would be sent. */
  estimate: ReactNode;
  /** The model chooser, beside the send button. */
  modelButton: ReactNode;
  /** Upload from device (absent when the model takes no files). */
  attachButton?: ReactNode;
  /** The tool chooser, above the question (absent in Write mode). */
  tools?: ReactNode;
  /** A shortcut typed at the start or after a space (the character is not inserted). */
  onShortcut: (action: ShortcutAction) => boolean;
  placeholder: string;
}

/** Where the question is written: Enter sends, Shift+Enter starts a new line. */
export function Composer({
  blocked,
  onOpenAiSettings,
  busy,
  onSend,
  onStop,
  estimate,
  modelButton,
  attachButton,
  tools,
  onShortcut,
  placeholder,
}: ComposerProps) {
  const [draft, setDraft] = useAtom(draftAtom);
  const send = () => {
    const text = draft.trim();
    if (!text || busy || blocked) return;
    onSend(text);
    setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      send();
      return;
    }
    const caret = event.currentTarget.selectionStart;
    const action = shortcutFor(event.key, draft, caret);
    if (action && caret === event.currentTarget.selectionEnd && onShortcut(action)) event.preventDefault();
  };
  return (
    <form
      className="composer"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      {blocked ? (
        <div className="composer-blocked" role="status">
          {blocked}{' '}
          <Button size="sm" variant="ghost" onClick={onOpenAiSettings}>
            Open AI settings
          </Button>
        </div>
      ) : null}
      {tools}
      <label className="visually-hidden" htmlFor="composer-input">
        Your question
      </label>
      <textarea
        id="composer-input"
        className="composer-input"
        rows={2}
        placeholder={placeholder}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        aria-describedby="composer-estimate"
      />
      <div className="composer-bar">
        {attachButton}
        {modelButton}
        <span id="composer-estimate" className="composer-estimate">
          {estimate}
        </span>
        {busy ? (
          <Button type="button" variant="secondary" size="sm" onClick={onStop}>
            Stop
          </Button>
        ) : (
          <Button type="submit" size="sm" disabled={!draft.trim() || !!blocked}>
            Send
          </Button>
        )}
      </div>
    </form>
  );
}
