import './composer.css';
import { IconButton } from '../../ui/IconButton';
import type { QueuedQuestion } from './use-queued-questions';

interface QueuedQuestionsProps {
  queued: QueuedQuestion[];
  onRemove: (id: number) => void;
}

/** The questions waiting for the answer in flight to end, above the composer, each removable. */
export function QueuedQuestions({ queued, onRemove }: QueuedQuestionsProps) {
  if (!queued.length) return null;
  return (
    <section className="queued-questions" aria-label="Queued questions">
      <ol className="queued-questions-items">
        {queued.map((q) => (
          <li key={q.id} className="queued-question">
            <span className="queued-question-badge">Queued</span>
            <span className="queued-question-text" title={q.text}>
              {q.text}
            </span>
            <IconButton label={`Remove queued question: ${q.text}`} icon="×" size="sm" onClick={() => onRemove(q.id)} />
          </li>
        ))}
      </ol>
      <p className="queued-questions-note">Sent when the answer ends.</p>
    </section>
  );
}
