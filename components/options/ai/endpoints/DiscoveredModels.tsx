import type { DiscoveredModel } from '@/lib/api/ai-contract';
import { formatContextLength } from '../ModelBadges';

/** Yes, No, or Unknown when the endpoint did not say (never guessed). */
const known = (value: boolean | null) => (value === null ? 'Unknown' : value ? 'Yes' : 'No');

/** An endpoint's models with what it reported of each: context length and capabilities. */
export function DiscoveredModels({ endpointName, models }: { endpointName: string; models: DiscoveredModel[] }) {
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
            <td>{m.contextLength === null ? 'Unknown' : formatContextLength(m.contextLength)}</td>
            <td>{known(m.vision)}</td>
            <td>{known(m.tools)}</td>
            <td>{known(m.thinking)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
