import type { ReactNode } from 'react';
import { LIBRARY_VIEWS, type LibraryView, SORT_CHOICES, sortText, type ViewPrefs } from '@/lib/library/view-prefs';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';

const VIEW_NAMES: Record<LibraryView, string> = { list: 'List', cards: 'Cards', table: 'Table' };

interface Props {
  title: string;
  total: number | null;
  updating: boolean;
  prefs: ViewPrefs;
  ownSort: boolean;
  /** Commands of this list, in place of the view and sort (the trash's Empty trash). */
  tools?: ReactNode;
  onPrefs: (prefs: Partial<ViewPrefs>) => void;
  /** "Chat about these results" (the collection, saved search or search shown), once the results are known. */
  onChat?: () => void;
}

/** The results' heading and count, and how they are shown: the view and the sort (kept per collection). */
export function ResultsHeader({ title, total, updating, prefs, ownSort, tools, onPrefs, onChat }: Props) {
  return (
    <header className="library-results-header">
      <h2 id="library-results-heading">{title}</h2>
      {total !== null && (
        <span className="library-results-count" aria-live="polite">
          {total === 1 ? '1 gem' : `${total} gems`}
        </span>
      )}
      {updating && <Spinner label="Updating" />}
      {onChat && <ChatAboutResults total={total} onChat={onChat} />}
      {tools && <div className="library-results-tools">{tools}</div>}
      {!tools && (
        <div className="library-results-tools">
          <fieldset className="library-view-switch">
            <legend className="visually-hidden">View</legend>
            {LIBRARY_VIEWS.map((view) => (
              <button
                key={view}
                type="button"
                aria-pressed={prefs.view === view}
                className="ui-button ui-button-ghost ui-button-sm"
                onClick={() => onPrefs({ view })}
              >
                {VIEW_NAMES[view]}
              </button>
            ))}
          </fieldset>
          <label className="library-sort">
            <span>Sort</span>
            <select
              value={ownSort ? 'query' : sortText(prefs.sort)}
              disabled={ownSort}
              onChange={(event) => {
                const choice = SORT_CHOICES.find((c) => sortText(c.sort) === event.target.value);
                if (choice) onPrefs({ sort: choice.sort });
              }}
            >
              {ownSort && <option value="query">As the query says</option>}
              {SORT_CHOICES.map((choice) => (
                <option key={sortText(choice.sort)} value={sortText(choice.sort)}>
                  {choice.label}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
    </header>
  );
}

/** Disabled, with the reason beside it, when there is nothing to chat about. */
function ChatAboutResults({ total, onChat }: { total: number | null; onChat: () => void }) {
  const none = total === 0;
  return (
    <span className="library-results-chat">
      <Button
        size="sm"
        variant="secondary"
        disabled={none}
        aria-describedby={none ? 'library-chat-none' : undefined}
        onClick={onChat}
      >
        Chat about these results
      </Button>
      {none && (
        <span id="library-chat-none" className="library-results-chat-why">
          No gems to chat about
        </span>
      )}
    </span>
  );
}
