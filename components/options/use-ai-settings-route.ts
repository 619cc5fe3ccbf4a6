import { useEffect } from 'react';

/** The spec's route to the AI settings (§2 "Routes"), as the options page receives it in its hash or query. */
export const isAiSettingsRoute = (hash: string, search: string) =>
  /^#\/u\/[^/]+\/edit-profile\?(.*&)?aiSettings=true(&|$)/.test(hash) ||
  new URLSearchParams(search).get('aiSettings') === 'true';

/** Brings the AI settings into view when the page was opened by that route (the side panel's "AI settings"). */
export function useAiSettingsRoute(ready: boolean) {
  useEffect(() => {
    if (!ready || !isAiSettingsRoute(location.hash, location.search)) return;
    const section = document.getElementById('ai-settings');
    section?.scrollIntoView({ block: 'start' });
    section?.querySelector<HTMLElement>('h2')?.setAttribute('tabindex', '-1');
    section?.querySelector<HTMLElement>('h2')?.focus();
  }, [ready]);
}
