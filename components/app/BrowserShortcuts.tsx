import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { openShortcutSettings, readBrowserShortcuts, SHORTCUT_SETTINGS } from '@/lib/browser-shortcuts';

const browserShortcutsQuery = {
  queryKey: ['browserShortcuts'] as const,
  queryFn: readBrowserShortcuts,
  staleTime: 0,
  refetchOnWindowFocus: true,
};

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

/**
 * The extension's keyboard commands with the keys the browser really bound (lib/browser-shortcuts.ts), read
 * again whenever the page comes back into focus, so a key changed in the browser's settings shows at once.
 */
export function BrowserShortcuts() {
  const shortcuts = useQuery(browserShortcutsQuery);
  if (!shortcuts.data?.length) return null;
  return (
    <div className="browser-shortcuts">
      <dl>
        {shortcuts.data.map((command) => (
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
