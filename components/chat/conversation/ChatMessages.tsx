import { useSetAtom } from 'jotai';
import type { TurnView as Turn } from '@/lib/chat/conversation-view';
import { EmptyState } from '../../ui/EmptyState';
import { answerSwitchAtom, type DrawerName } from '../atoms';
import { AnswerOptions } from '../menus/AnswerOptions';
import type { useChatActions } from '../use-chat-actions';
import type { ChatFlags } from '../use-chat-flags';
import { MessageList } from './MessageList';
import { TurnView } from './TurnView';
import type { Conversation } from './use-conversation';

interface ChatMessagesProps {
  conversation: Pick<Conversation, 'turns' | 'regenerate'>;
  flags: ChatFlags;
  multi: boolean;
  writer: boolean;
  /** The title of the attached page, when questions go with it. */
  pageTitle: string | null;
  actions: ReturnType<typeof useChatActions>;
  onSend: (text: string) => void;
  onOpenUrl: (url: string) => void;
  onOpenDrawer: (name: DrawerName) => void;
}

/** The conversation: each question with its answers and their options, or what to do first. */
export function ChatMessages(props: ChatMessagesProps) {
  const { conversation, flags, multi, writer, pageTitle, actions } = props;
  const setSwitching = useSetAtom(answerSwitchAtom);
  const empty = writer ? (
    <EmptyState title="Write with Trove">
      <p>Ask for a draft, a rewrite or a reply. The answer is the text itself, ready to paste.</p>
    </EmptyState>
  ) : (
    <EmptyState title={pageTitle ? 'Ask about this page' : 'Ask anything'}>
      <p>{pageTitle ? `Questions go with “${pageTitle}”.` : 'Open a web page to chat about it.'}</p>
    </EmptyState>
  );
  const renderTurn = (turn: Turn) => (
    <TurnView
      turn={turn}
      showCitations={flags.showCitations && !writer}
      streamText={flags.streaming || multi}
      onFollowUp={props.onSend}
      onOpenUrl={props.onOpenUrl}
      onRetry={(t, answer) =>
        answer.stored && void conversation.regenerate(t.key, answer.stored, {}, answer.displayName)
      }
      renderOptions={(t, answer) => (
        <AnswerOptions
          answer={answer}
          multi={multi}
          actions={actions.forAnswer(t, answer, (drawerName) => {
            if (answer.stored)
              setSwitching({ turnKey: t.key, message: answer.stored, displayName: answer.displayName });
            props.onOpenDrawer(drawerName);
          })}
        />
      )}
    />
  );
  return <MessageList turns={conversation.turns} empty={empty} renderTurn={renderTurn} />;
}
