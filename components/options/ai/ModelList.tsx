import type { AiSettings, UserModel } from '@/lib/api/ai-contract';
import { useSelectModel } from '../../ai-settings/use-ai-settings';
import { errorMessage } from '../../app/background-context';
import { kindOf, ModelRow } from './ModelRow';
import { modelSections, type ProviderGroup } from './model-sections';

/**
 * Every model the user could use, with its label and capabilities: the usable ones first, by provider; the
 * Inactive rest below, each provider folded away with its reason said once. "Make default" sets the default
 * text or image model and is offered only on usable models. A refusal from the server is shown on the row that
 * asked. Each button's name begins with its visible text ("Make default: GPT-4.1 (text model)"), so what is seen
 * is what can be said.
 */
export function ModelList({ models, settings }: { models: UserModel[]; settings: AiSettings }) {
  const select = useSelectModel();
  if (!models.length) return <p className="empty">No models are available on this server.</p>;
  const { usable, inactive } = modelSections(models, settings);

  const rows = (group: ProviderGroup, reasonShown: boolean) => (
    <ul className="ai-model-list">
      {group.models.map((model) => {
        const asked = select.variables?.modelId === model.id;
        return (
          <ModelRow
            key={model.id}
            model={model}
            settings={settings}
            reasonShown={reasonShown}
            pending={select.isPending && asked}
            busy={select.isPending}
            error={asked && select.isError ? errorMessage(select.error) : null}
            onMakeDefault={() => select.mutate({ modelId: model.id, kind: kindOf(model) })}
          />
        );
      })}
    </ul>
  );

  return (
    <div className="ai-models">
      {usable.length === 0 && (
        <p className="hint">No model is ready yet: add a provider's key, an Ollama address or an endpoint above.</p>
      )}
      {usable.map((group) => (
        <section key={group.provider} aria-labelledby={`ai-models-${group.provider}`} className="ai-model-group">
          <h4 id={`ai-models-${group.provider}`}>{group.provider} models</h4>
          {rows(group, false)}
        </section>
      ))}
      {inactive.length > 0 && (
        <section aria-labelledby="ai-models-inactive" className="ai-models-inactive">
          <h4 id="ai-models-inactive">Not set up yet</h4>
          {inactive.map((group) => (
            <details key={group.provider} className="ai-model-group" data-provider-group={group.provider}>
              <summary>
                <span className="ai-model-group-name">{group.provider}</span>{' '}
                <span className="hint">
                  {group.models.length} {group.models.length === 1 ? 'model' : 'models'}
                  {group.sharedReason ? ` · ${group.sharedReason}` : ''}
                </span>
              </summary>
              {rows(group, group.sharedReason !== null)}
            </details>
          ))}
        </section>
      )}
    </div>
  );
}
