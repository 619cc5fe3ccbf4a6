import { useSetAtom } from 'jotai';
import type { TurnView as Turn } from '@/lib/chat/conversation-view';
import { Button } from '../../ui/Button';
import { answerSwitchAtom } from '../atoms';
import { AnswerOptions } from '../menus/AnswerOptions';
import type { ChatMessagesProps } from './ChatMessages';
import { MessageList } from './MessageList';
import { TurnView } from './TurnView';

/**
 * The turns of a conversation with their answers and options. Loaded on its own (markdown, the
 * virtualiser and the answer menus are most of the panel's code), so an empty panel is usable first.
 */
export function ConversationTurns(props: ChatMessagesProps) {
  const { conversation, flags, multi, writer, actions } = props;
  const setSwitching = useSetAtom(answerSwitchAtom);
  // Write mode's answer is the text itself: copying it is one click under it.
  const renderCopy = (t: Turn, answer: Turn['answers'][number]) =>
    answer.messageId === null || answer.live || !answer.text || answer.images?.length ? null : (
      <Button size="sm" variant="secondary" onClick={actions.forAnswer(t, answer, props.onOpenDrawer).copy}>
        Copy
      </Button>
    );
  const renderTurn = (turn: Turn) => (
    <TurnView
      turn={turn}
      showCitations={flags.showCitations && !writer}
      streamText={flags.streaming || multi}
      onFollowUp={props.onSend}
      onOpenUrl={props.onOpenUrl}
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
            props.onOpenDrawer(drawerName);
          })}
        />
      )}
    />
  );
  return <MessageList turns={conversation.turns} renderTurn={renderTurn} />;
}
