import type { AiSettings, UserModel } from '@/lib/api/ai-contract';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { CapabilityBadges, ModelLabelBadge } from './ModelBadges';

export type ModelKind = 'text' | 'image';
export const kindOf = (model: UserModel): ModelKind => (model.type === 'Image' ? 'image' : 'text');

function isDefault(settings: AiSettings, model: UserModel) {
  return kindOf(model) === 'image'
    ? settings.defaultImageAI === model.provider && settings.defaultImageModel === model.model
    : settings.defaultAI === model.provider && settings.defaultModel === model.model;
}

interface Props {
  model: UserModel;
  settings: AiSettings;
  /** Its group already says why it is Inactive. */
  reasonShown: boolean;
  /** "Make default" was asked for this row and is under way; another row's is (this one waits). */
  pending: boolean;
  busy: boolean;
  error: string | null;
  onMakeDefault: () => void;
}

/** One model: its name, label, "Make default" (or why it cannot be used) and capabilities. */
export function ModelRow({ model, settings, reasonShown, pending, busy, error, onMakeDefault }: Props) {
  const kind = kindOf(model);
  return (
    <li className="ai-model" data-provider={model.provider} data-model={model.model}>
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
            disabled={busy && !pending}
            onClick={onMakeDefault}
          >
            Make default
          </Button>
        )}
      </div>
      {model.label === 'Inactive' && model.inactiveReason && !reasonShown && (
        <p className="hint ai-model-reason">{model.inactiveReason}</p>
      )}
      {error && <Alert tone="error">{error}</Alert>}
      <CapabilityBadges model={model} />
    </li>
  );
}
