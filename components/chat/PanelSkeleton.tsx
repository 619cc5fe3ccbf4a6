import { useAtom } from 'jotai';
import { useRef } from 'react';
import { Button } from '../ui/Button';
import { Skeleton } from '../ui/Skeleton';
import { draftAtom } from './atoms';
import { isSendKey } from './composer/composer-handover';
import { QuestionInput } from './composer/QuestionInput';
import { useComposerHandover } from './composer/use-composer-handover';

/**
 * The panel while it asks who is signed in: its bars as placeholders, and a composer that already takes
 * the question (kept for the real composer, which sends it once it can). The panel's HTML holds the
 * same markup (tests/component/panel-shell.test.tsx keeps them the same), typeable before any script runs.
 */
export function PanelSkeleton() {
  const [draft, setDraft] = useAtom(draftAtom);
  const input = useRef<HTMLTextAreaElement>(null);
  const { requestSend } = useComposerHandover(input, setDraft);
  return (
    <main className="chat-panel panel-skeleton" aria-busy="true">
      <header className="chat-header">
        <h1 className="chat-title">New chat</h1>
        <Skeleton shape="block" width={128} height={32} />
      </header>
      <p role="status" aria-label="Loading" className="ui-visually-hidden">
        Opening the chat…
      </p>
      <Skeleton shape="block" className="panel-skeleton-bar" height={32} />
      <Skeleton shape="block" className="panel-skeleton-bar" height={38} />
      <div className="message-list" />
      <form
        className="composer"
        onSubmit={(event) => {
          event.preventDefault();
          requestSend();
        }}
      >
        <Skeleton shape="block" className="panel-skeleton-tools" height={31} />
        <QuestionInput
          ref={input}
          value={draft}
          onChange={setDraft}
          onKeyDown={(event) => {
            if (!isSendKey(event.nativeEvent)) return;
            event.preventDefault();
            requestSend();
          }}
          placeholder="Ask about this page…"
        />
        <div className="composer-bar">
          <Skeleton width={120} />
          <span className="composer-estimate" />
          <Button type="submit" size="sm" disabled>
            Send
          </Button>
        </div>
      </form>
    </main>
  );
}
