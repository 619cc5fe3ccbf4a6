/**
 * Chat Settings → Report issue: the side panel itself (ChatPanel) opens the Report Bug dialog
 * about its page, with the chat's model in the diagnostics shown and sent.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ChatPanel } from '@/components/chat/ChatPanel';
import { FakeBackground } from '../fake-background';
import { makePage } from '../fixtures';
import { renderWithBackground } from '../render';

const TIDES = 'https://tides.example/tables';

beforeEach(async () => {
  fakeBrowser.reset();
  await fakeBrowser.windows.create({ focused: true });
});

describe('Report issue from the Chat Settings menu', () => {
  it('opens the Report Bug dialog about the page, with the chat’s model in the diagnostics it sends', async () => {
    const tabId = (await fakeBrowser.tabs.create({ url: TIDES, active: true })).id as number;
    const background = new FakeBackground({ activePage: makePage({ tabId, url: TIDES, title: 'Tide tables' }) });
    // The chat's model: the user's default, Claude Sonnet 4.5 (diagnostics alone would say none).
    Object.assign(background.state.ai.settings, { defaultAI: 'Anthropic', defaultModel: 'claude-sonnet-4-5' });
    const { user } = renderWithBackground(
      <Provider store={createStore()}>
        <ChatPanel onOpenOptions={() => {}} />
      </Provider>,
      background,
    );
    await waitFor(() => expect(screen.getByRole('button', { name: /^Model:/ }).textContent).toContain('Claude'));

    await user.click(screen.getByRole('button', { name: 'Chat settings' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Report issue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report a bug' });
    expect((within(dialog).getByRole('textbox', { name: 'URL' }) as HTMLInputElement).value).toBe(TIDES);
    const diagnostics = await within(dialog).findByLabelText('Diagnostics to send');
    const model = [...diagnostics.querySelectorAll('dt')].find((dt) => dt.textContent === 'AI model');
    expect(model?.nextElementSibling?.textContent).toBe('Anthropic claude-sonnet-4-5');

    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'The answer stopped');
    await user.click(dialog.querySelector('button[type="submit"]') as HTMLButtonElement);
    await waitFor(() => expect(background.state.feedbacks).toHaveLength(1));
    expect(background.state.feedbacks[0]).toMatchObject({
      title: 'The answer stopped',
      url: TIDES,
      diagnostics: { activeModel: 'Anthropic claude-sonnet-4-5' },
    });
  });
});
