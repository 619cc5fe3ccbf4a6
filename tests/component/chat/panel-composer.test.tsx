import { screen, waitFor } from '@testing-library/react';
import { createStore, Provider, useAtom } from 'jotai';
import { describe, expect, it } from 'vitest';
import { drawerAtom } from '@/components/chat/atoms';
import { ChatApiProvider } from '@/components/chat/chat-api-context';
import { PanelComposer } from '@/components/chat/composer/PanelComposer';
import { useChatFiles } from '@/components/chat/files/use-chat-files';
import { useChosenModels } from '@/components/chat/use-chosen-models';
import { FakeBackground } from '../fake-background';
import { makeUser } from '../fixtures';
import { renderWithBackground } from '../render';

/** The composer as ChatPanel fills it (the user's models as the background lists them), with the drawer it opens shown. */
function ComposerAsInPanel({ writer }: { writer: boolean }) {
  const models = useChosenModels();
  const files = useChatFiles(models.chosen[0], null);
  const [drawer, setDrawer] = useAtom(drawerAtom);
  return (
    <>
      <PanelComposer
        models={models}
        tool="chat"
        writer={writer}
        temporary={false}
        busy={false}
        onSend={() => {}}
        onStop={() => {}}
        placeholder="Ask about this page…"
        page={null}
        showCost={false}
        files={files}
        onOpenDrawer={setDrawer}
        onOpenAiSettings={() => {}}
      />
      <output aria-label="Open drawer">{drawer ?? 'none'}</output>
    </>
  );
}

async function renderComposer(writer: boolean) {
  const rendered = renderWithBackground(
    <ChatApiProvider>
      <Provider store={createStore()}>
        <ComposerAsInPanel writer={writer} />
      </Provider>
    </ChatApiProvider>,
    new FakeBackground({ user: makeUser() }),
  );
  await waitFor(() => expect(screen.getByRole('button', { name: /^Model:/ }).textContent).not.toMatch(/Loading/));
  return rendered;
}

const question = () => screen.getByRole('textbox', { name: 'Your question' }) as HTMLTextAreaElement;
const openDrawer = () => screen.getByRole('status', { name: 'Open drawer' }).textContent;

describe('The side panel’s composer', () => {
  it('in Chat, opens the drawer of each shortcut typed at the start', async () => {
    const { user: ui } = await renderComposer(false);
    expect(question().placeholder).toBe('Ask about this page…');
    await ui.type(question(), '\\');
    expect(openDrawer()).toBe('history');
    await ui.type(question(), '/');
    expect(openDrawer()).toBe('prompts');
    await ui.type(question(), '@');
    expect(openDrawer()).toBe('voices');
    expect(question().value).toBe('');
    await ui.click(screen.getByRole('button', { name: /^Model:/ }));
    expect(openDrawer()).toBe('models');
  });

  it('in Write, has its own placeholder and no Chat history shortcut', async () => {
    const { user: ui } = await renderComposer(true);
    expect(question().placeholder).toBe('What should Trove write?');
    await ui.type(question(), '\\');
    expect(question().value).toBe('\\');
    expect(openDrawer()).toBe('none');
  });
});
