import './conversation.css';
import { useState } from 'react';
import type { AnswerView as Answer, TurnView as Turn } from '@/lib/chat/conversation-view';
import { IconButton } from '../../ui/IconButton';
import { AnswerView } from './AnswerView';

interface TurnViewProps {
  turn: Turn;
  onFollowUp: (question: string) => void;
  onRetry: (turn: Turn, answer: Answer) => void;
  /** An answer is streaming: what would ask another waits. */
  busy: boolean;
  onOpenUrl: (url: string) => void;
  showCitations: boolean;
  /** Streaming off: an answer shows once complete. */
  streamText: boolean;
  renderOptions?: (turn: Turn, answer: Answer) => React.ReactNode;
  /** What shows under an answer (Write mode's Copy). */
  renderFooter?: (turn: Turn, answer: Answer) => React.ReactNode;
}

/**
 * A question and its answer. Sibling answers (regenerated, or several models at once) share the
 * place: the switcher pages between them, and a new sibling is shown as it arrives.
 */
export function TurnView({
  turn,
  onFollowUp,
  onRetry,
  busy,
  onOpenUrl,
  showCitations,
  streamText,
  renderOptions,
  renderFooter,
}: TurnViewProps) {
  const count = turn.answers.length;
  // The answer picked with the switcher, for as long as no new sibling arrives (a new one is shown at once).
  const [picked, setPicked] = useState<{ index: number; count: number } | null>(null);
  const shown = picked && picked.count === count ? picked.index : count - 1;
  const setShown = (index: number) => setPicked({ index, count });
  const answer = turn.answers[shown];
  return (
    <div className="turn">
      <p className="question">{turn.question}</p>
      {count > 1 ? (
        <nav className="siblings" aria-label="Answers to this question">
          <IconButton label="Previous answer" icon="‹" disabled={shown === 0} onClick={() => setShown(shown - 1)} />
          <span aria-live="polite">
            {shown + 1} / {count}
            {answer ? ` · ${answer.displayName}` : ''}
          </span>
          <IconButton label="Next answer" icon="›" disabled={shown >= count - 1} onClick={() => setShown(shown + 1)} />
        </nav>
      ) : null}
      {answer ? (
        <AnswerView
          answer={answer}
          onFollowUp={onFollowUp}
          onRetry={() => onRetry(turn, answer)}
          busy={busy}
          onOpenUrl={onOpenUrl}
          showCitations={showCitations}
          streamText={streamText}
          options={renderOptions?.(turn, answer)}
          footer={renderFooter?.(turn, answer)}
        />
      ) : null}
    </div>
  );
}
