import type { ReactNode } from 'react';

interface EmptyStateProps {
  /** A decorative picture; hidden from screen readers. */
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  /** A next step, e.g. a Button. */
  action?: ReactNode;
  /** The heading level that fits the page's outline. */
  headingLevel?: 2 | 3 | 4;
}

/** What a list or page shows when it has nothing yet: a title, a line of help and a way forward. */
export function EmptyState({ icon, title, children, action, headingLevel = 3 }: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <section className="ui-empty-state" aria-label={title}>
      {icon && (
        <div className="ui-empty-state-icon" aria-hidden="true">
          {icon}
        </div>
      )}
      <Heading className="ui-empty-state-title">{title}</Heading>
      {children && <div className="ui-empty-state-text">{children}</div>}
      {action && <div className="ui-empty-state-action">{action}</div>}
    </section>
  );
}
