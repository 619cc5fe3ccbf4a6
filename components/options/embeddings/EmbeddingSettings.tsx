import { useQuery } from '@tanstack/react-query';
import type { EmbeddingStatus } from '@/lib/api/embeddings-contract';
import { errorMessage, isOffline } from '../../app/background-context';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { type AccountClient, useAccountClient } from '../account/queries';
import { EmbeddingPicker } from './EmbeddingPicker';
import { embeddingStatusQuery, useEmbeddingChange } from './queries';

const JOB_WORDS = { queued: 'waiting to start', running: 'embedding now', done: 'up to date', failed: 'stopped' };

/**
 * The options page's "Search by meaning" section: the embedding model the library's search and the chat's retrieval
 * use beside words (README, "Search by meaning"), how much of the library is embedded, and the choice of model.
 */
export function EmbeddingSettings() {
  const client = useAccountClient();
  const status = useQuery(embeddingStatusQuery(client));
  return (
    <section id="search-by-meaning" aria-labelledby="embeddings-heading" className="embeddings">
      <h2 id="embeddings-heading">Search by meaning</h2>
      <p className="hint">
        With an embedding model, the library’s search and the chat also find passages that mean what you asked in other
        words. Without one, both search by words.
      </p>
      {status.isError && !isOffline(status.error) && <Alert tone="error">{errorMessage(status.error)}</Alert>}
      {status.data &&
        (status.data.available ? (
          <EmbeddingBody client={client} status={status.data} />
        ) : (
          <Alert tone="info">
            This Trove server’s database cannot store embeddings (PostgreSQL needs the pgvector extension): search works
            by words only.
          </Alert>
        ))}
    </section>
  );
}

/** "40 of 52 passages embedded"; while some gems are not embedded yet their passages are counted from their length. */
function passagesLine({ embedded, total, exact }: EmbeddingStatus['passages']) {
  return `${embedded.toLocaleString('en')} of ${exact ? '' : 'about '}${total.toLocaleString('en')} passages embedded`;
}

function EmbeddingBody({ client, status }: { client: AccountClient; status: EmbeddingStatus }) {
  const change = useEmbeddingChange(client);
  const { model, job } = status;
  return (
    <>
      {model ? (
        <div className="embeddings-current">
          <p>
            Embedding model: <strong>{model.model}</strong> ({model.dimensions} dimensions)
          </p>
          <label className="embeddings-progress">
            {status.embeddedGems} of {status.gems} gems embedded
            <progress max={Math.max(status.gems, 1)} value={status.embeddedGems} />
          </label>
          <label className="embeddings-progress">
            {passagesLine(status.passages)}
            <progress max={Math.max(status.passages.total, 1)} value={status.passages.embedded} />
          </label>
          {job && (
            <p className="hint" role="status">
              {job.passagesEmbedded} passages embedded by the background job, {JOB_WORDS[job.status]}
              {job.error ? `: ${job.error}` : '.'}
            </p>
          )}
          {change.isError && <Alert tone="error">{errorMessage(change.error)}</Alert>}
          <div className="form-actions">
            <Button size="sm" loading={change.isPending} onClick={() => change.mutate({ sync: true })}>
              Embed what changed
            </Button>
            <Button size="sm" variant="ghost" onClick={() => change.mutate({ remove: true })}>
              Stop searching by meaning
            </Button>
          </div>
        </div>
      ) : (
        <p>No embedding model chosen: search is by words.</p>
      )}
      <EmbeddingPicker client={client} houseModel={status.houseModel} current={model?.model ?? null} />
    </>
  );
}
