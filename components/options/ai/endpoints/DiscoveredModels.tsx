import type { DiscoveredModel } from '@/lib/api/ai-contract';
import { ContextLengthCell } from './ContextLengthCell';

/** Yes, No, or Unknown when the endpoint did not say (never guessed). */
const known = (value: boolean | null) => (value === null ? 'Unknown' : value ? 'Yes' : 'No');

interface Props {
  endpointId: number;
  endpointName: string;
  models: DiscoveredModel[];
}

/** An endpoint's models with what it reported of each: context length (which the user can set) and capabilities. */
export function DiscoveredModels({ endpointId, endpointName, models }: Props) {
  if (!models.length) return <p className="hint">No models found yet.</p>;
  return (
    <table className="discovered-models">
      <caption className="visually-hidden">{endpointName} models</caption>
      <thead>
        <tr>
          <th scope="col">Model</th>
          <th scope="col">Context</th>
          <th scope="col">Vision</th>
          <th scope="col">Tools</th>
          <th scope="col">Thinking</th>
        </tr>
      </thead>
      <tbody>
        {models.map((m) => (
          <tr key={m.id} data-model={m.model}>
            <th scope="row">{m.displayName}</th>
            <ContextLengthCell endpointId={endpointId} model={m} />
            <td>{known(m.vision)}</td>
            <td>{known(m.tools)}</td>
            <td>{known(m.thinking)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
