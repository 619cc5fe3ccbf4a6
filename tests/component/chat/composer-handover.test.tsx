/**
 * The side panel's composer takes typing before React loads (the HTML's, then React's skeleton while the
 * session is asked): what was typed there, the caret, focus and an early Enter reach the real composer,
 * which sends the question once the models are known and the page is read, never before.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { atom, useAtomValue } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHELL_COMPOSER_SELECTOR, wireShellComposer } from '@/components/chat/composer/composer-handover';
import { PanelSkeleton } from '@/components/chat/PanelSkeleton';
import { FakeBackground } from '../fake-background';
import { makeUser } from '../fixtures';
import { loadPageHtml } from '../page-html';
import { ComposerAsInPanel, modelsShown, question, renderInPanel } from './composer-harness';

/** The panel's page as the browser shows it before any script runs, its composer wired as main.ts wires it. */
function loadPanelHtml() {
  loadPageHtml('sidepanel');
  wireShellComposer();
  return {
    root: document.getElementById('root') as HTMLElement,
    shell: document.querySelector(SHELL_COMPOSER_SELECTOR) as HTMLTextAreaElement,
  };
}

const sessionKnownAtom = atom(false);
const pageReadAtom = atom(false);

/** ChatPanel's order: the skeleton until the session is known, then the composer (which waits for the page). */
function PanelAsItLoads({ onSend }: { onSend: (text: string) => void }) {
  const pageRead = useAtomValue(pageReadAtom);
  return useAtomValue(sessionKnownAtom) ? <ComposerAsInPanel pageRead={pageRead} onSend={onSend} /> : <PanelSkeleton />;
}

const signedIn = () => new FakeBackground({ user: makeUser() });
const openDrawer = () => screen.getByRole('status', { name: 'Open drawer' }).textContent;

describe("The side panel's composer, typed in before React loads", () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it("keeps the HTML composer's text, caret and focus; its Enter is sent once the models are known", async () => {
    const { root, shell } = loadPanelHtml();
    const keys = userEvent.setup();
    await keys.click(shell);
    await keys.type(shell, 'What changed?{ArrowLeft}{ArrowLeft}{Enter}');
    expect(shell.value).toBe('What changed?');

    const background = signedIn();
    const models = background.holdNext('listUserModels');
    const onSend = vi.fn();
    renderInPanel(<ComposerAsInPanel pageRead onSend={onSend} />, background, root);

    expect(shell.isConnected).toBe(false);
    expect(question().value).toBe('What changed?');
    expect(document.activeElement).toBe(question());
    expect([question().selectionStart, question().selectionEnd]).toEqual([11, 11]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onSend).not.toHaveBeenCalled();

    models.release();
    await waitFor(() => expect(onSend).toHaveBeenCalledWith('What changed?'));
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(question().value).toBe('');
  });

  it('carries on through the skeleton shown while the session is asked, and waits for the page before sending', async () => {
    const { root, shell } = loadPanelHtml();
    const keys = userEvent.setup();
    await keys.click(shell);
    await keys.type(shell, 'Hello');
    const onSend = vi.fn();
    const { store } = renderInPanel(<PanelAsItLoads onSend={onSend} />, signedIn(), root);

    expect(screen.getByRole('main').getAttribute('aria-busy')).toBe('true');
    expect(question().value).toBe('Hello');
    expect(document.activeElement).toBe(question());
    await keys.type(question(), ' world{Enter}', { skipClick: true });
    expect(question().value).toBe('Hello world');

    act(() => store.set(sessionKnownAtom, true));
    expect(question().value).toBe('Hello world');
    expect(document.activeElement).toBe(question());
    expect(question().selectionStart).toBe(11);
    await modelsShown();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onSend).not.toHaveBeenCalled();

    act(() => store.set(pageReadAtom, true));
    await waitFor(() => expect(onSend).toHaveBeenCalledWith('Hello world'));
    expect(onSend).toHaveBeenCalledTimes(1);
  });

  it('an Enter pressed before the page is read waits for it; the button does the same', async () => {
    const onSend = vi.fn();
    const { store, user: keys } = renderInPanel(<PanelAsItLoads onSend={onSend} />, signedIn());
    act(() => store.set(sessionKnownAtom, true));
    await modelsShown();
    await keys.type(question(), 'First{Enter}');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onSend).not.toHaveBeenCalled();
    // Sending, as far as the user can tell.
    expect(screen.getByRole('button', { name: 'Send' }).getAttribute('aria-busy')).toBe('true');
    act(() => store.set(pageReadAtom, true));
    await waitFor(() => expect(onSend).toHaveBeenCalledWith('First'));
    expect(screen.getByRole('button', { name: 'Send' }).getAttribute('aria-busy')).toBeNull();

    await keys.type(question(), 'Second');
    await keys.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenLastCalledWith('Second');
  });

  it('a shortcut typed before React loads opens its drawer once the composer takes over, its character dropped', async () => {
    const { root, shell } = loadPanelHtml();
    const keys = userEvent.setup();
    await keys.click(shell);
    await keys.type(shell, 'and/or \\');
    const { user } = renderInPanel(<ComposerAsInPanel />, signedIn(), root);

    expect(openDrawer()).toBe('history');
    expect(question().value).toBe('and/or ');
    // Typed in the composer itself, the same shortcut does the same.
    await user.clear(question());
    await user.type(question(), '/');
    expect(openDrawer()).toBe('prompts');
    expect(question().value).toBe('');
  });

  it('a trigger inside a word, or one Write mode does not offer, stays a character', async () => {
    for (const [typed, writer] of [
      ['and/or', false],
      ['\\', true],
    ] as const) {
      const { root, shell } = loadPanelHtml();
      const keys = userEvent.setup();
      await keys.click(shell);
      await keys.type(shell, typed);
      const { unmount } = renderInPanel(<ComposerAsInPanel writer={writer} />, signedIn(), root);
      expect(openDrawer()).toBe('none');
      expect(question().value).toBe(typed);
      unmount();
      document.body.innerHTML = '';
    }
  });

  it('an early Enter when no model can answer is dropped, the text kept: nothing is sent later by surprise', async () => {
    const { root, shell } = loadPanelHtml();
    const keys = userEvent.setup();
    await keys.click(shell);
    await keys.type(shell, 'Anyone?{Enter}');
    const background = signedIn();
    const usable = background.state.ai.models;
    background.state.ai.models = [];
    const onSend = vi.fn();
    const { queryClient } = renderInPanel(<ComposerAsInPanel pageRead onSend={onSend} />, background, root);

    await screen.findByText(/No model can answer yet/);
    expect(question().value).toBe('Anyone?');
    // A model becomes usable (a key added in AI settings): the old Enter does not send.
    background.state.ai.models = usable;
    await act(() => queryClient.invalidateQueries());
    await waitFor(() => expect(screen.queryByText(/No model can answer yet/)).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onSend).not.toHaveBeenCalled();
    expect(question().value).toBe('Anyone?');
  });
});
