import './conversation.css';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { AnswerView as Answer } from '@/lib/chat/conversation-view';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { waitWhile } from '../answer-busy';
import { Markdown } from '../markdown/Markdown';
import { MemoryProposal } from '../memory/MemoryProposal';
import { Pictures } from '../tools/Pictures';
import { ReasoningSummary } from '../tools/ReasoningSummary';
import { SearchResults } from '../tools/SearchResults';
import { ContextUsed } from './ContextUsed';

interface AnswerViewProps {
  answer: Answer;
  onFollowUp: (question: string) => void;
  onRetry: () => void;
  /** Another answer is streaming: Retry and the follow-up questions wait. */
  busy: boolean;
  onOpenUrl: (url: string) => void;
  showCitations: boolean;
  streamText: boolean;
  /** The answer's own menu (Chat Options). */
  options?: React.ReactNode;
  /** Under the answer's text (Write mode's Copy). */
  footer?: React.ReactNode;
}

const STATUS: Record<Answer['status'], string | null> = {
  pending: 'Waiting for the model…',
  streaming: 'Writing…',
  done: null,
  stopped: 'Stopped',
  error: null,
};

/** One answer: its model and time, the text (untrusted markdown), and what comes with it. */
export function AnswerView({
  answer,
  onFollowUp,
  onRetry,
  busy,
  onOpenUrl,
  showCitations,
  streamText,
  options,
  footer,
}: AnswerViewProps) {
  const streaming = answer.status === 'streaming' || answer.status === 'pending';
  const [proposalDone, setProposalDone] = useState(false);
  return (
    <article className="answer" aria-busy={streaming} data-status={answer.status}>
      <header className="answer-meta">
        <span className="answer-model">{answer.displayName}</span>
        {answer.createdAt ? (
          <time dateTime={answer.createdAt}>{dayjs(answer.createdAt).format('DD MMM HH:mm')}</time>
        ) : null}
        {STATUS[answer.status] ? <span className="answer-status">{STATUS[answer.status]}</span> : null}
        {options}
      </header>
      {answer.reasoning ? <ReasoningSummary text={answer.reasoning} streaming={streaming} /> : null}
      {answer.text && (streamText || !streaming) ? (
        <Markdown text={answer.text} streaming={streaming} onOpenUrl={onOpenUrl} />
      ) : null}
      {answer.images?.length && answer.messageId !== null ? (
        <Pictures images={answer.images} messageId={answer.messageId} prompt={answer.stored?.userText ?? ''} />
      ) : null}
      {answer.results && (answer.results.length || !streaming) ? (
        <SearchResults results={answer.results} onOpenUrl={onOpenUrl} />
      ) : null}
      {footer && !streaming ? <div className="answer-footer">{footer}</div> : null}
      {answer.status === 'error' ? (
        <Alert tone="error">
          {answer.error ?? 'The answer failed.'}{' '}
          <Button size="sm" variant="secondary" onClick={onRetry} {...waitWhile(busy)}>
            Retry
          </Button>
        </Alert>
      ) : null}
      {showCitations && answer.citations?.length ? (
        <ul className="answer-citations" aria-label="Sources">
          {answer.citations.map((c) => (
            <li key={c.n}>
              <button
                type="button"
                className="chip"
                disabled={!c.url}
                onClick={() => c.url && onOpenUrl(c.url)}
                title={c.url}
              >
                [{c.n}] {c.title}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {answer.followUps?.length ? (
        <ul className="answer-followups" aria-label="Follow-up questions">
          {answer.followUps.map((q) => (
            <li key={q}>
              <button type="button" className="chip" onClick={() => onFollowUp(q)} {...waitWhile(busy)}>
                {q}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {answer.memoryProposal && !streaming && !proposalDone ? (
        <MemoryProposal
          proposal={answer.memoryProposal}
          messageId={answer.messageId}
          onDone={() => setProposalDone(true)}
        />
      ) : null}
      {answer.status === 'done' || answer.status === 'stopped' ? <ContextUsed context={answer.context} /> : null}
    </article>
  );
}
