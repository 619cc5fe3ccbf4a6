import { useAtomValue, useSetAtom } from 'jotai';
import type { TurnView as Turn } from '@/lib/chat/conversation-view';
import { Button } from '../../ui/Button';
import { answerSwitchAtom, chatModeAtom } from '../atoms';
import { useCommands, useConversations, useFlags } from '../chat-session';
import { drawerAtom } from '../drawer-atom';
import { AnswerOptions } from '../menus/AnswerOptions';
import { openInNewTab } from '../open-url';
import { MessageList } from './MessageList';
import { TurnView } from './TurnView';

export interface ConversationTurnsProps {
  /** Each question goes to several models: the answers stream side by side, each with its own options. */
  multi: boolean;
}

/**
 * The turns of a conversation with their answers and options. Loaded on its own (markdown, the
 * virtualiser and the answer menus are most of the panel's code), so an empty panel is usable first.
 */
export function ConversationTurns({ multi }: ConversationTurnsProps) {
  const conversation = useConversations().shown;
  const { flags } = useFlags();
  const { actions, send } = useCommands();
  const writer = useAtomValue(chatModeAtom) === 'ai-writer';
  const openDrawer = useSetAtom(drawerAtom);
  const setSwitching = useSetAtom(answerSwitchAtom);
  // Write mode's answer is the text itself: copying it is one click under it.
  const renderCopy = (t: Turn, answer: Turn['answers'][number]) =>
    answer.messageId === null || answer.live || !answer.text || answer.images?.length ? null : (
      <Button size="sm" variant="secondary" onClick={actions.forAnswer(t, answer, openDrawer).copy}>
        Copy
      </Button>
    );
  const renderTurn = (turn: Turn) => (
    <TurnView
      turn={turn}
      showCitations={flags.showCitations && !writer}
      streamText={flags.streaming || multi}
      onFollowUp={(text) => void send(text)}
      onOpenUrl={openInNewTab}
      onRetry={(t, answer) => conversation.retry(t.key, answer)}
      busy={conversation.busy}
      renderFooter={writer ? renderCopy : undefined}
      renderOptions={(t, answer) => (
        <AnswerOptions
          answer={answer}
          multi={multi}
          busy={conversation.busy}
          actions={actions.forAnswer(t, answer, (drawerName) => {
            if (answer.stored)
              setSwitching({ turnKey: t.key, message: answer.stored, displayName: answer.displayName });
            openDrawer(drawerName);
          })}
        />
      )}
    />
  );
  return <MessageList turns={conversation.turns} renderTurn={renderTurn} />;
}
