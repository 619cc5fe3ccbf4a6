import { screen, waitFor } from '@testing-library/react';
import { createStore, Provider, useAtomValue } from 'jotai';
import { useHydrateAtoms } from 'jotai/utils';
import type { ReactNode } from 'react';
import { expect } from 'vitest';
import { chatModeAtom } from '@/components/chat/atoms';
import { useChosenBookmarks } from '@/components/chat/bookmarks/use-chosen-bookmarks';
import { ChatApiProvider } from '@/components/chat/chat-api-context';
import {
  AttachmentsProvider,
  FlagsProvider,
  LinksProvider,
  ModelsProvider,
  PageProvider,
} from '@/components/chat/chat-session';
import { PanelComposer } from '@/components/chat/composer/PanelComposer';
import { drawerAtom } from '@/components/chat/drawer-atom';
import { useChatFiles } from '@/components/chat/files/use-chat-files';
import { useChatFlags } from '@/components/chat/use-chat-flags';
import { useChosenModels } from '@/components/chat/use-chosen-models';
import type { ActivePage } from '@/lib/messaging/types';
import type { FakeBackground } from '../fake-background';
import { renderWithBackground } from '../render';

interface ComposerOptions {
  writer?: boolean;
  /** Whether the attached page is read (the composer waits for it before sending). */
  pageRead?: boolean;
  onSend?: (text: string) => void;
  /** The page a question goes with (for the estimate). */
  page?: ActivePage | null;
  onOpenAiSettings?: () => void;
  /** An answer (or a prompt queue, a picture) on its way. */
  busy?: boolean;
}

/**
 * The composer as ChatPanel fills it (the user's models as the background lists them), with the drawer it opens shown.
 */
export function ComposerAsInPanel({
  writer = false,
  pageRead = true,
  onSend = () => {},
  page = null,
  onOpenAiSettings = () => {},
  busy = false,
}: ComposerOptions) {
  // Write mode is the panel's mode, as its Write tab sets it.
  useHydrateAtoms([[chatModeAtom, writer ? 'ai-writer' : 'chat']] as const);
  const models = useChosenModels();
  const flags = useChatFlags();
  const files = useChatFiles(models.chosen[0], null);
  const bookmarks = useChosenBookmarks(null);
  const drawer = useAtomValue(drawerAtom);
  return (
    <ModelsProvider value={models}>
      <FlagsProvider value={flags}>
        <AttachmentsProvider value={{ files, bookmarks }}>
          <PageProvider value={{ page, pageGems: [] }}>
            <LinksProvider value={{ openAiSettings: onOpenAiSettings, reportIssue: () => {} }}>
              <PanelComposer
                pageRead={pageRead}
                busy={busy}
                onSend={onSend}
                onStop={() => {}}
                placeholder="Ask about this page…"
              />
            </LinksProvider>
          </PageProvider>
        </AttachmentsProvider>
      </FlagsProvider>
      <output aria-label="Open drawer">{drawer ?? 'none'}</output>
    </ModelsProvider>
  );
}

/**
 * Renders `ui` with the side panel's providers (its own jotai store) talking to `background`, into `container` if
 * given.
 */
export function renderInPanel(ui: ReactNode, background: FakeBackground, container?: HTMLElement) {
  const store = createStore();
  const rendered = renderWithBackground(
    <ChatApiProvider>
      <Provider store={store}>{ui}</Provider>
    </ChatApiProvider>,
    background,
    container,
  );
  return { ...rendered, store };
}

export const question = () => screen.getByRole('textbox', { name: 'Your question' }) as HTMLTextAreaElement;

/** Waits until the model button names the models (no longer loading them). */
export const modelsShown = () =>
  waitFor(() => expect(screen.getByRole('button', { name: /^Model:/ }).textContent).not.toMatch(/Loading/));
