import type { ReactNode } from 'react';
import { Button } from './Button';

interface ErrorMessageProps {
  /** What went wrong, in words the user can act on. */
  children: ReactNode;
  title?: string;
  /** Offers a Retry button; while `retrying` it shows a spinner. */
  onRetry?: () => void;
  retrying?: boolean;
  retryLabel?: string;
}

/** A failure announced at once (role alert), with an optional way to try again. */
export function ErrorMessage({ children, title, onRetry, retrying = false, retryLabel = 'Retry' }: ErrorMessageProps) {
  return (
    <div className="ui-error" role="alert">
      <div className="ui-error-text">
        {title && <strong className="ui-error-title">{title}</strong>}
        <span>{children}</span>
      </div>
      {onRetry && (
        <Button size="sm" loading={retrying} onClick={onRetry}>
          {retryLabel}
        </Button>
      )}
    </div>
  );
}
