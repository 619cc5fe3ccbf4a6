import '../../writing/prompts/prompts.css';
import type { PromptQueueState, QueueItemStatus } from '@/lib/chat/prompt-queue';
import { Button } from '../../ui/Button';
import { IconButton } from '../../ui/IconButton';
import { Spinner } from '../../ui/Spinner';

const STATUS_TEXT: Record<QueueItemStatus, string> = {
  pending: 'Pending',
  loading: 'Sending',
  done: 'Done',
  failed: 'Failed',
};

/** One line on how the queue stands, announced as it changes. */
function summary(state: PromptQueueState): string {
  const count = state.items.length;
  const sending = state.items.findIndex((item) => item.status === 'loading');
  const done = state.items.filter((item) => item.status === 'done').length;
  if (sending !== -1) return state.end === 'stopped' ? 'Stopping…' : `Sending part ${sending + 1} of ${count}`;
  switch (state.end) {
    case 'finished':
      return `All ${count} parts answered`;
    case 'stopped':
      return `Stopped after ${done} of ${count} parts`;
    case 'failed':
      return `A part failed; ${count - done} of ${count} not answered`;
    default:
      return 'Starting…';
  }
}

interface PromptQueuePanelProps {
  state: PromptQueueState;
  active: boolean;
  onStop: () => void;
  onDismiss: () => void;
}

/**
 * The prompt queue above the composer: each part and its status while the
 * answers appear in the conversation above it. A hidden prompt's parts are shown by number only.
 */
export function PromptQueuePanel({ state, active, onStop, onDismiss }: PromptQueuePanelProps) {
  return (
    <section className="prompt-queue" aria-label="Prompt queue">
      <header className="prompt-queue-header">
        <div className="prompt-queue-heading">
          <h2 className="prompt-queue-title">{state.title}</h2>
          <p className="prompt-queue-summary" role="status">
            {summary(state)}
          </p>
        </div>
        {active ? (
          <Button size="sm" variant="secondary" onClick={onStop} disabled={state.end === 'stopped'}>
            Stop queue
          </Button>
        ) : (
          <IconButton label="Dismiss prompt queue" icon="×" size="sm" onClick={onDismiss} />
        )}
      </header>
      <ol className="prompt-queue-items">
        {state.items.map((item, index) => (
          // The parts never move or change, so their position is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index} className="prompt-queue-item" data-status={item.status}>
            <span className={state.hidden ? 'prompt-queue-label' : 'prompt-queue-label prompt-queue-text'}>
              {item.label}
            </span>
            <span className="prompt-queue-status">
              {item.status === 'loading' ? <Spinner decorative /> : null}
              {STATUS_TEXT[item.status]}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
