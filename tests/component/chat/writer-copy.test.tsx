/**
 * Write mode's answer is the text itself: it has a one-click Copy under it (Chat mode keeps copying in Chat options).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { useHydrateAtoms } from 'jotai/utils';
import { describe, expect, it } from 'vitest';
import { chatModeAtom } from '@/components/chat/atoms';
import { CommandsProvider, ConversationsProvider, FlagsProvider } from '@/components/chat/chat-session';
import { ConversationTurns } from '@/components/chat/conversation/ConversationTurns';
import { useConversation } from '@/components/chat/conversation/use-conversation';
import { useChatActions } from '@/components/chat/use-chat-actions';
import { CHAT_SETTINGS_DEFAULTS } from '@/lib/api/ai-contract';
import { conversationView } from '@/lib/chat/conversation-view';
import { storedMessage } from '../../unit/chat-messages';
import { FakeBackground } from '../fake-background';
import { makeUser } from '../fixtures';
import { renderInPanel } from './composer-harness';
import './conversation-harness';

const DRAFT = 'Dear team,\n\nThank you all for a great quarter.';

/** The conversation's turns as the panel draws them, for one stored answer, in Write mode or not. */
function Turns({ writer }: { writer: boolean }) {
  useHydrateAtoms([[chatModeAtom, writer ? 'ai-writer' : 'chat']] as const);
  const stored = useConversation();
  // A question (a follow-up) goes to model 1, as the composer would send it.
  const send = (text: string) =>
    stored.ask({
      body: { text, modelId: 1 },
      models: [{ modelId: 1, displayName: 'Model 1' }],
      chatType: writer ? 'ai-writer' : 'chat',
    });
  const actions = useChatActions(
    stored,
    () => {},
    null,
    () => {},
    1,
  );
  const turns = conversationView([storedMessage(7, 'Thank the team', { text: DRAFT })], null, null);
  return (
    <ConversationsProvider value={{ shown: { ...stored, turns }, stored }}>
      <FlagsProvider value={{ flags: CHAT_SETTINGS_DEFAULTS, setFlag: () => {} }}>
        <CommandsProvider value={{ send, actions, runQueue: () => false }}>
          <ConversationTurns multi={false} />
        </CommandsProvider>
      </FlagsProvider>
    </ConversationsProvider>
  );
}

describe('Copy under an answer', () => {
  it('in Write mode, one click copies the answer’s text', async () => {
    const { user } = renderInPanel(<Turns writer />, new FakeBackground({ user: makeUser() }));
    const answer = await screen.findByRole('article');
    await user.click(within(answer).getByRole('button', { name: 'Copy' }));
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe(DRAFT));
    expect(await screen.findByText('Text Copied to clipboard')).not.toBeNull();
  });

  it('in Chat mode, the answer has no Copy button of its own', async () => {
    renderInPanel(<Turns writer={false} />, new FakeBackground({ user: makeUser() }));
    const answer = await screen.findByRole('article');
    expect(within(answer).queryByRole('button', { name: 'Copy' })).toBeNull();
    expect(answer.querySelector('.md')?.textContent).toContain('Thank you all for a great quarter.');
  });
});
