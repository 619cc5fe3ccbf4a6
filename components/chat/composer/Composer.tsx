import './composer.css';
import { useAtom } from 'jotai';
import { type KeyboardEvent, type ReactNode, useEffect, useEffectEvent, useRef } from 'react';
import { type ShortcutAction, shortcutFor } from '@/lib/chat/shortcuts';
import { Button } from '../../ui/Button';
import { draftAtom } from '../atoms';
import { isSendKey } from './composer-handover';
import { QuestionInput } from './QuestionInput';
import { useComposerHandover } from './use-composer-handover';

interface ComposerProps {
  /** Why nothing can be sent now (no usable model…), shown with the way to AI settings; null when it can. */
  blocked: string | null;
  /** Whether what a question is sent with is known (the models, the page); until then Send waits for it. */
  ready: boolean;
  onOpenAiSettings: () => void;
  busy: boolean;
  onSend: (text: string) => void;
  /** A question sent while `busy`: queued, to be sent once the panel is free. */
  onQueue: (text: string) => void;
  /** The queued questions, above the question. */
  queued?: ReactNode;
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

/**
 * Where the question is written: Enter sends (once the panel is ready; queued while it is busy), Shift+Enter starts a
 * new line.
 */
export function Composer({
  blocked,
  ready,
  onOpenAiSettings,
  busy,
  onSend,
  onQueue,
  queued,
  onStop,
  estimate,
  modelButton,
  attachButton,
  tools,
  onShortcut,
  placeholder,
}: ComposerProps) {
  const [draft, setDraft] = useAtom(draftAtom);
  const input = useRef<HTMLTextAreaElement>(null);
  const handover = useComposerHandover(input, setDraft, onShortcut);
  const send = () => {
    const text = draft.trim();
    if (!text || blocked) return;
    // Enter never does nothing: while an answer is on its way, the question waits for it.
    if (busy) onQueue(text);
    else onSend(text);
    setDraft('');
  };
  const submit = () => (ready ? send() : handover.requestSend());
  // An Enter pressed before the panel was ready (here or in the composer drawn before) is sent once it is, unless
  // blocked.
  const sendRequested = useEffectEvent(() => {
    handover.clearSendRequest();
    send();
  });
  useEffect(() => {
    if (handover.sendRequested && ready) sendRequested();
  }, [handover.sendRequested, ready]);
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (isSendKey(event.nativeEvent)) {
      event.preventDefault();
      submit();
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
        submit();
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
      {queued}
      {tools}
      <QuestionInput
        ref={input}
        value={draft}
        onChange={setDraft}
        onKeyDown={onKeyDown}
        placeholder={placeholder}
        describedBy="composer-estimate"
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
          <Button type="submit" size="sm" disabled={!draft.trim() || !!blocked} loading={handover.sendRequested}>
            Send
          </Button>
        )}
      </div>
    </form>
  );
}
