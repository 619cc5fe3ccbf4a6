import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../app/background-context';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import type { AccountClient } from '../account/queries';
import { type EmbeddingChoice, embeddingChoices } from './embedding-choices';
import { embeddingSourcesQuery, useEmbeddingChange } from './queries';

interface Props {
  client: AccountClient;
  houseModel: string | null;
  /** The model chosen now, if any. */
  current: string | null;
}

/**
 * Where the embedding model comes from (the server's own, a provider with the user's key, one of their endpoints) and
 * its name; the server asks the model once before taking it, and says why when it cannot.
 */
export function EmbeddingPicker({ client, houseModel, current }: Props) {
  const sources = useQuery(embeddingSourcesQuery(client));
  if (sources.isError) return <Alert tone="error">{errorMessage(sources.error)}</Alert>;
  if (!sources.data) return null;
  const choices = embeddingChoices(houseModel, sources.data.providers, sources.data.endpoints);
  if (!choices.length)
    return (
      <Alert tone="info">
        No embedding model is available: add an OpenAI or Mistral key, an Ollama address, or an OpenAI-compatible or
        Ollama endpoint under AI settings, then choose it here.
      </Alert>
    );
  return <PickerForm client={client} choices={choices} current={current} />;
}

function PickerForm({
  client,
  choices,
  current,
}: {
  client: AccountClient;
  choices: EmbeddingChoice[];
  current: string | null;
}) {
  const change = useEmbeddingChange(client);
  const [value, setValue] = useState(choices[0]?.value ?? '');
  const chosen = choices.find((c) => c.value === value) ?? choices[0];
  const [model, setModel] = useState(chosen?.model ?? '');
  const [done, setDone] = useState(false);
  const pick = (next: string) => {
    setValue(next);
    setModel(choices.find((c) => c.value === next)?.model ?? '');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    setDone(false);
    change.mutate({ choose: chosen.input(model.trim()) }, { onSuccess: () => setDone(true) });
  };
  return (
    <form className="embeddings-picker" aria-label="Choose the embedding model" onSubmit={submit}>
      <label>
        Embedding model from
        <select className="ui-input" value={value} onChange={(event) => pick(event.target.value)}>
          {choices.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
      {chosen?.value !== 'house' && (
        <label>
          Model name
          <input className="ui-input" value={model} onChange={(event) => setModel(event.target.value)} />
        </label>
      )}
      {change.isError && <Alert tone="error">{errorMessage(change.error)}</Alert>}
      {done && !change.isPending && <p role="status">The library is being embedded in the background.</p>}
      <Button type="submit" size="sm" loading={change.isPending}>
        {current ? 'Change embedding model' : 'Use this model'}
      </Button>
    </form>
  );
}
