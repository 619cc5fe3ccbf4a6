import { useAtomValue } from 'jotai';
import { BrowserShortcuts } from '../app/BrowserShortcuts';
import { chatModeAtom } from './atoms';

/**
 * The composer's keyboard shortcuts and the rule that keeps them out of the way (lib/chat/shortcuts.ts).
 * Write mode has no Chat history, so '\' is no shortcut there and is not listed. Below them,
 * the extension's keyboard commands as the browser bound them.
 */
export function ShortcutsPanel() {
  const writer = useAtomValue(chatModeAtom) === 'ai-writer';
  return (
    <div className="shortcuts-panel">
      <dl>
        <dt>
          <kbd>/</kbd>
        </dt>
        <dd>Open the AI prompts</dd>
        {writer ? null : (
          <>
            <dt>
              <kbd>\</kbd>
            </dt>
            <dd>Open Chat history</dd>
          </>
        )}
        <dt>
          <kbd>@</kbd>
        </dt>
        <dd>Choose a brand voice or an agent</dd>
        <dt>
          <kbd>+</kbd>
        </dt>
        <dd>Attach gems and collections</dd>
        <dt>
          <kbd>Enter</kbd>
        </dt>
        <dd>Send the question</dd>
        <dt>
          <kbd>Shift</kbd> + <kbd>Enter</kbd>
        </dt>
        <dd>New line</dd>
      </dl>
      <p>
        A shortcut works only when typed at the start of the question or after a space, so it stays an ordinary
        character inside words, web addresses and code (<code>and/or</code>
        {writer ? null : (
          <>
            , <code>C:\dir</code>
          </>
        )}
        , <code>a@b.c</code>, <code>C++</code>).
      </p>
      <h3>In the browser</h3>
      <BrowserShortcuts />
    </div>
  );
}
