import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../app/background-context';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Spinner } from '../../ui/Spinner';
import { useLibraryApi } from '../library-api-context';
import { MediaResult } from './MediaResult';
import { type MediaKind, mediaSearchQuery } from './queries';

const WORDS = {
  book: { label: 'Book title', source: 'Open Library', things: 'books' },
  film: { label: 'Film or series title', source: 'OMDb', things: 'films' },
};

/** A title looked up on Enter (or Search), its matches listed with Save as a gem; loading, empty and error states. */
export function MediaSearch({ kind }: { kind: MediaKind }) {
  const api = useLibraryApi();
  const inputId = useId();
  const [text, setText] = useState('');
  const [name, setName] = useState('');
  const found = useQuery(mediaSearchQuery(api, kind, name));
  const words = WORDS[kind];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setName(text.trim());
  };
  return (
    <div className="media-search">
      <form className="media-search-form" onSubmit={submit}>
        <label htmlFor={inputId}>{words.label}</label>
        <input
          id={inputId}
          className="ui-input"
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={200}
        />
        <Button type="submit" size="sm" disabled={!text.trim()}>
          Search
        </Button>
      </form>
      {name === '' ? (
        <p className="media-search-hint">
          Type a title and press Enter: {words.things} come from {words.source}.
        </p>
      ) : found.isPending ? (
        <div className="media-search-loading">
          <Spinner label={`Looking up ${words.things}`} />
        </div>
      ) : found.isError ? (
        <ErrorMessage onRetry={() => void found.refetch()} retrying={found.isFetching}>
          {errorMessage(found.error)}
        </ErrorMessage>
      ) : found.data.length === 0 ? (
        <EmptyState title={`No ${words.things} found`} headingLevel={3}>
          {words.source} has nothing called “{name}”. Try fewer or other words.
        </EmptyState>
      ) : (
        <ul className="media-results" aria-label={`${words.things} found`}>
          {found.data.map((match) => (
            <MediaResult key={match.id} kind={kind} match={match} />
          ))}
        </ul>
      )}
    </div>
  );
}
