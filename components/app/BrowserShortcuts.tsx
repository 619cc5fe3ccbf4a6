import { Fragment, useEffect, useState } from 'react';
import {
  type BrowserShortcut,
  openShortcutSettings,
  readBrowserShortcuts,
  SHORTCUT_SETTINGS,
} from '@/lib/browser-shortcuts';

/** The commands as bound, read again whenever the page comes back into focus (a key changed meanwhile shows). */
function useBrowserShortcuts(): BrowserShortcut[] {
  const [shortcuts, setShortcuts] = useState<BrowserShortcut[]>([]);
  useEffect(() => {
    let live = true;
    const read = () =>
      void readBrowserShortcuts().then(
        (found) => live && setShortcuts(found),
        // A browser without the commands API lists nothing rather than an error about it.
        () => {},
      );
    read();
    window.addEventListener('focus', read);
    return () => {
      live = false;
      window.removeEventListener('focus', read);
    };
  }, []);
  return shortcuts;
}

function SettingsLink() {
  return (
    <button type="button" className="link-button" onClick={() => void openShortcutSettings()}>
      {SHORTCUT_SETTINGS}
    </button>
  );
}

/** "Alt+Shift+G" as keys. */
function Keys({ shortcut }: { shortcut: string }) {
  return shortcut.split('+').map((key, index) => (
    <Fragment key={key}>
      {index ? ' + ' : null}
      <kbd>{key}</kbd>
    </Fragment>
  ));
}

/** The extension's keyboard commands with the keys the browser really bound (lib/browser-shortcuts.ts). */
export function BrowserShortcuts() {
  const shortcuts = useBrowserShortcuts();
  if (!shortcuts.length) return null;
  return (
    <div className="browser-shortcuts">
      <dl>
        {shortcuts.map((command) => (
          <Fragment key={command.name}>
            <dt>{command.shortcut ? <Keys shortcut={command.shortcut} /> : 'not set'}</dt>
            <dd>
              {command.description}
              {command.shortcut ? null : (
                <>
                  {' '}
                  — set it in <SettingsLink />
                </>
              )}
            </dd>
          </Fragment>
        ))}
      </dl>
      <p>
        Change them in <SettingsLink />.
      </p>
    </div>
  );
}
