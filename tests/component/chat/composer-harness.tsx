import { screen, waitFor } from '@testing-library/react';
import { createStore, Provider, useAtom, useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { expect } from 'vitest';
import { activeToolAtom, drawerAtom } from '@/components/chat/atoms';
import { ChatApiProvider } from '@/components/chat/chat-api-context';
import { PanelComposer } from '@/components/chat/composer/PanelComposer';
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
  const models = useChosenModels();
  const { flags } = useChatFlags();
  const files = useChatFiles(models.chosen[0], null);
  const [drawer, setDrawer] = useAtom(drawerAtom);
  const tool = useAtomValue(activeToolAtom);
  return (
    <>
      <PanelComposer
        models={models}
        pageRead={pageRead}
        tool={tool}
        writer={writer}
        temporary={false}
        busy={busy}
        onSend={onSend}
        onStop={() => {}}
        placeholder="Ask about this page…"
        page={page}
        showCost={flags.costEstimate}
        files={files}
        onOpenDrawer={setDrawer}
        onOpenAiSettings={onOpenAiSettings}
      />
      <output aria-label="Open drawer">{drawer ?? 'none'}</output>
    </>
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
