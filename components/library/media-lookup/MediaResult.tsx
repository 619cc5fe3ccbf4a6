import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { gemApi } from '@/lib/api/routes/gems';
import { errorMessage } from '../../app/background-context';
import { Button } from '../../ui/Button';
import { useLibraryApi } from '../library-api-context';
import { libraryKeys } from '../queries';
import { bookGem, filmGem } from './media-gem';
import type { MediaKind, MediaMatch } from './queries';

interface Props {
  kind: MediaKind;
  match: MediaMatch;
}

/** One book or film found: its cover, title, people and year, and Save as a gem (its details read first). */
export function MediaResult({ kind, match }: Props) {
  const api = useLibraryApi();
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: async () => {
      const data = kind === 'book' ? bookGem(await api.book(match.id)) : filmGem(await api.film(match.id));
      return (await api.client.call(gemApi.create, { body: { data } })).data;
    },
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: libraryKeys.gemsAll }),
        client.invalidateQueries({ queryKey: libraryKeys.collectionCounts }),
      ]),
  });
  const titleId = `media-${kind}-${match.id}`;
  // a cover that does not load is shown as none, not as a broken image
  const [coverFailed, setCoverFailed] = useState(false);
  return (
    <li className="media-result" aria-labelledby={titleId}>
      {match.imageUrl && !coverFailed ? (
        <img
          className="media-result-cover"
          src={match.imageUrl}
          alt=""
          loading="lazy"
          referrerPolicy="no-referrer"
          onError={() => setCoverFailed(true)}
        />
      ) : (
        <div className="media-result-cover media-result-no-cover" aria-hidden="true">
          {kind === 'book' ? 'No cover' : 'No poster'}
        </div>
      )}
      <div className="media-result-text">
        <strong id={titleId}>{match.title}</strong>
        {match.byline && <span>{match.byline}</span>}
        <span className="media-result-year">{match.year ?? 'Year unknown'}</span>
        {save.isError && (
          <span className="media-result-error" role="alert">
            Not saved: {errorMessage(save.error)}
          </span>
        )}
      </div>
      {save.isSuccess ? (
        <span className="media-result-saved" role="status">
          Saved
        </span>
      ) : (
        <Button
          size="sm"
          onClick={() => save.mutate()}
          disabled={save.isPending}
          // the visible words first in the name (axe: label-content-name-mismatch)
          aria-label={save.isPending ? undefined : `Save as a gem: ${match.title}`}
        >
          {save.isPending ? 'Saving…' : 'Save as a gem'}
        </Button>
      )}
    </li>
  );
}
