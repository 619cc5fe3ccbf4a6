import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeBackground } from '../fake-background';
import { makeUser } from '../fixtures';
import { ComposerAsInPanel, modelsShown, question, renderInPanel } from './composer-harness';

async function renderComposer(writer: boolean) {
  const rendered = renderInPanel(<ComposerAsInPanel writer={writer} />, new FakeBackground({ user: makeUser() }));
  await modelsShown();
  return rendered;
}

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
