import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Collection } from '@/lib/api/contract';
import { errorMessage } from '../app/background-context';
import { Button } from '../ui/Button';
import { ErrorMessage } from '../ui/ErrorMessage';
import { IconButton } from '../ui/IconButton';
import { Skeleton } from '../ui/Skeleton';
import { DocumentText } from './documents/DocumentText';
import { GemForm } from './GemForm';
import { GemShareMenu } from './GemShareMenu';
import { LinkStatus } from './LinkStatus';
import { useLibraryApi } from './library-api-context';
import { libraryGemQuery } from './queries';
import { ReadingView } from './ReadingView';
import { StudyPanel } from './study/StudyPanel';

interface Props {
  gemId: number;
  collections: Collection[];
  editing: boolean;
  onClose: () => void;
  onTrash: (id: number) => void;
  /** "Chat about it": a chat in the side panel with this gem as its context. */
  onChat?: (gem: { id: number; title: string }) => void;
}

/**
 * The gem's detail, beside the results (not modal: the list stays usable, and another row opens in its place):
 * its fields to edit, what was saved of the page to read, and the ways out (the original, a chat about it).
 */
export function GemSheet({ gemId, collections, editing, onClose, onTrash, onChat }: Props) {
  const api = useLibraryApi();
  const gem = useQuery(libraryGemQuery(api, gemId));
  const heading = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each gem opened is announced by moving focus to its title.
  useEffect(() => {
    if (!editing) heading.current?.focus();
  }, [gemId, gem.isSuccess]);

  return (
    <aside
      className="library-sheet"
      aria-labelledby="library-sheet-heading"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <header className="library-sheet-header">
        <h2 id="library-sheet-heading" ref={heading} tabIndex={-1}>
          {gem.data?.title ?? 'Gem'}
        </h2>
        <IconButton label="Close" icon="✕" onClick={onClose} />
      </header>
      {gem.isPending && <Skeleton height={240} shape="block" />}
      {gem.isError && (
        <ErrorMessage onRetry={() => void gem.refetch()} retrying={gem.isFetching} title="The gem did not load">
          {errorMessage(gem.error)}
        </ErrorMessage>
      )}
      {gem.data && (
        <>
          <div className="library-sheet-actions">
            <a
              className="ui-button ui-button-secondary ui-button-sm"
              href={gem.data.url}
              target="_blank"
              rel="noreferrer"
            >
              Open original
            </a>
            {onChat && (
              <Button size="sm" onClick={() => onChat(gem.data)}>
                Chat about it
              </Button>
            )}
            {/* sharing a gem, by link or offer, is its owner's to do */}
            {!gem.data.sharedAccess && <GemShareMenu gem={gem.data} />}
            {gem.data.sharedAccess !== 'read' && (
              <Button size="sm" variant="danger" onClick={() => onTrash(gemId)}>
                Delete
              </Button>
            )}
          </div>
          {gem.data.sharedAccess && (
            <p className="library-sheet-shared">
              Shared with you by {gem.data.author.username}:{' '}
              {gem.data.sharedAccess === 'read'
                ? 'your role lets you read it.'
                : 'you can edit and delete it; its collection, tags and favourite mark are its owner’s.'}
            </p>
          )}
          {/* the dead-link check is its owner's (server/features/links) */}
          {!gem.data.sharedAccess && <LinkStatus gemId={gemId} />}
          {/* Keyed by the gem (each sibling's key its own), so another gem's sheet starts afresh */}
          <GemForm key={`form-${gem.data.id}`} gem={gem.data} collections={collections} editing={editing} />
          <StudyPanel key={`study-${gemId}`} gemId={gemId} />
          {gem.data.sharedAccess !== 'read' && <DocumentText key={`text-${gemId}`} gem={gem.data} />}
          <ReadingView gem={gem.data} />
        </>
      )}
    </aside>
  );
}
