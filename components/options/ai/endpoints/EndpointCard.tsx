import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { CustomEndpoint } from '@/lib/api/ai-contract';
import { errorMessage, unwrap, useBackground } from '../../../app/background-context';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { useToast } from '../../../ui/Toast';
import { DiscoveredModels } from './DiscoveredModels';
import { useEndpointsChanged } from './queries';

const KIND_LABELS: Record<CustomEndpoint['kind'], string> = {
  'openai-compatible': 'OpenAI-compatible',
  ollama: 'Ollama',
};

/**
 * One custom endpoint: its address, the key's mask (never the key), its models, why the last discovery
 * failed if it did, Refresh, and Remove in two steps (Remove, then "Remove {name}?" Confirm or Cancel).
 */
export function EndpointCard({ endpoint }: { endpoint: CustomEndpoint }) {
  const background = useBackground();
  const changed = useEndpointsChanged();
  const [confirming, setConfirming] = useState(false);
  const toast = useToast();
  const refresh = useMutation({
    mutationFn: async () => unwrap(await background.refreshCustomEndpoint({ id: endpoint.id })),
    onSuccess: (saved) => {
      changed({ saved });
      if (!saved.refreshError) {
        const found = saved.models.length;
        toast('success', `${saved.name} refreshed: ${found} model${found === 1 ? '' : 's'}.`);
      }
    },
  });
  const remove = useMutation({
    mutationFn: async () => unwrap(await background.removeCustomEndpoint({ id: endpoint.id })),
    onSuccess: () => changed({ removedId: endpoint.id }),
  });
  const headingId = `ai-endpoint-${endpoint.id}`;
  const count = endpoint.models.length;
  return (
    <li className="ai-provider ai-endpoint" aria-labelledby={headingId} data-endpoint={endpoint.name}>
      <h4 id={headingId}>{endpoint.name}</h4>
      <p className="ai-key-state">
        {KIND_LABELS[endpoint.kind]} · {endpoint.baseUrl} · {endpoint.apiKey ? `Key: ${endpoint.apiKey}` : 'No key'}
      </p>
      {endpoint.refreshError && <Alert tone="error">{endpoint.refreshError}</Alert>}
      {refresh.isError && <Alert tone="error">{errorMessage(refresh.error)}</Alert>}
      <DiscoveredModels endpointId={endpoint.id} endpointName={endpoint.name} models={endpoint.models} />
      {confirming ? (
        // biome-ignore lint/a11y/useSemanticElements: a group of two buttons, not a form fieldset
        <div className="row-actions confirm-delete" role="group" aria-label={`Remove ${endpoint.name}?`}>
          <span>
            Remove {endpoint.name}? Its {count} model{count === 1 ? '' : 's'} leave the model list.
          </span>
          <Button variant="danger" size="sm" loading={remove.isPending} onClick={() => remove.mutate()}>
            Confirm
          </Button>
          <Button size="sm" autoFocus disabled={remove.isPending} onClick={() => setConfirming(false)}>
            Cancel
          </Button>
        </div>
      ) : (
        <div className="row-actions">
          <Button
            aria-label={`Refresh ${endpoint.name} models`}
            loading={refresh.isPending}
            onClick={() => refresh.mutate()}
          >
            Refresh
          </Button>
          <Button
            aria-label={`Remove ${endpoint.name}`}
            disabled={refresh.isPending}
            onClick={() => setConfirming(true)}
          >
            Remove
          </Button>
        </div>
      )}
      {remove.isError && <Alert tone="error">{`Not removed: ${errorMessage(remove.error)}`}</Alert>}
    </li>
  );
}
