import { useMutation } from '@tanstack/react-query';
import type { AiSettings, UserModel } from '@/lib/api/ai-contract';
import { errorMessage, unwrap, useBackground } from '../../app/background-context';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { CapabilityBadges, ModelLabelBadge } from './ModelBadges';
import { useSettingsAnswer } from './use-ai-settings';

type Kind = 'text' | 'image';
const kindOf = (model: UserModel): Kind => (model.type === 'Image' ? 'image' : 'text');

function isDefault(settings: AiSettings, model: UserModel) {
  return kindOf(model) === 'image'
    ? settings.defaultImageAI === model.provider && settings.defaultImageModel === model.model
    : settings.defaultAI === model.provider && settings.defaultModel === model.model;
}

/** Models grouped by provider, in the providers' order (any provider the settings do not list comes last). */
function groupByProvider(models: UserModel[], settings: AiSettings): [string, UserModel[]][] {
  const order = settings.providers.map((p) => p.provider);
  const names = [...new Set([...order, ...models.map((m) => m.provider)])];
  return names
    .map((name) => [name, models.filter((m) => m.provider === name)] as [string, UserModel[]])
    .filter(([, list]) => list.length);
}

/**
 * Every model the user could use, with its label and capabilities. "Make default" sets the default
 * text or image model (spec §4 "Model selection") and is offered only on usable models; an Inactive
 * one says why instead. A refusal from the server is shown on the row that asked. Each button's name begins
 * with its visible text ("Make default: GPT-4.1 (text model)"), so what is seen is what can be said.
 */
export function ModelList({ models, settings }: { models: UserModel[]; settings: AiSettings }) {
  const background = useBackground();
  const answered = useSettingsAnswer();
  const select = useMutation({
    mutationFn: async (model: UserModel) =>
      unwrap(await background.selectModel({ modelId: model.id, kind: kindOf(model) })),
    onSuccess: (next) => answered(next),
  });
  if (!models.length) return <p className="empty">No models are available on this server.</p>;
  return (
    <div className="ai-models">
      {groupByProvider(models, settings).map(([provider, list]) => (
        <section key={provider} aria-labelledby={`ai-models-${provider}`} className="ai-model-group">
          <h4 id={`ai-models-${provider}`}>{provider} models</h4>
          <ul className="ai-model-list">
            {list.map((model) => {
              const kind = kindOf(model);
              const asked = select.variables?.id === model.id;
              const pending = select.isPending && asked;
              return (
                <li key={model.id} className="ai-model" data-provider={model.provider} data-model={model.model}>
                  <div className="ai-model-head">
                    <span className="ai-model-name">{model.displayName}</span>
                    {kind === 'image' && <span className="badge">Image model</span>}
                    <ModelLabelBadge label={model.label} />
                    {isDefault(settings, model) ? (
                      <span className="badge badge-default">Default {kind} model</span>
                    ) : model.label === 'Inactive' ? null : (
                      <Button
                        size="sm"
                        aria-label={`Make default: ${model.displayName} (${kind} model)`}
                        loading={pending}
                        disabled={select.isPending && !pending}
                        onClick={() => select.mutate(model)}
                      >
                        Make default
                      </Button>
                    )}
                  </div>
                  {model.label === 'Inactive' && model.inactiveReason && (
                    <p className="hint ai-model-reason">{model.inactiveReason}</p>
                  )}
                  {asked && select.isError && <Alert tone="error">{errorMessage(select.error)}</Alert>}
                  <CapabilityBadges model={model} />
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
