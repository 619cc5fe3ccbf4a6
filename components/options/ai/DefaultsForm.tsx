import type { AiSettings, UserModel } from '@/lib/api/ai-contract';
import { useUpdateAiSettings } from '../../ai-settings/use-ai-settings';
import { errorMessage } from '../../app/background-context';
import { Alert } from '../../ui/Alert';
import { Field } from '../../ui/Field';
import { useToast } from '../../ui/Toast';

/** The languages the models speak (each model lists its own), plus the current one if no model lists it. */
function languageOptions(models: UserModel[], current: string | null) {
  const byCode = new Map<string, string>();
  for (const model of models) for (const l of model.languages) if (!byCode.has(l.code)) byCode.set(l.code, l.label);
  if (current && !byCode.has(current)) byCode.set(current, current);
  return [...byCode].map(([code, label]) => ({ code, label })).sort((a, b) => a.label.localeCompare(b.label));
}

/** The model's display name (which already names its provider where that matters), else its id. */
function modelName(models: UserModel[], provider: string | null, model: string | null) {
  if (!model) return 'None';
  const found = models.find((m) => m.provider === provider && m.model === model);
  return found ? found.displayName : `${model}${provider ? ` (${provider})` : ''}`;
}

/** The current default text and image models, and the default language. */
export function DefaultsForm({ models, settings }: { models: UserModel[]; settings: AiSettings }) {
  const toast = useToast();
  const languages = languageOptions(models, settings.defaultLanguage);
  const save = useUpdateAiSettings({
    onSuccess: (_next, { defaultLanguage: code }) => {
      const label = languages.find((l) => l.code === code)?.label;
      toast('success', label ? `Default language: ${label}.` : 'Default language cleared.');
    },
  });
  return (
    <div className="ai-defaults">
      <dl className="ai-default-models">
        <dt>Default text model</dt>
        <dd data-testid="default-text-model">{modelName(models, settings.defaultAI, settings.defaultModel)}</dd>
        <dt>Default image model</dt>
        <dd data-testid="default-image-model">
          {modelName(models, settings.defaultImageAI, settings.defaultImageModel)}
        </dd>
      </dl>
      <Field id="ai-default-language" label="Default language">
        <select
          id="ai-default-language"
          value={settings.defaultLanguage ?? ''}
          disabled={save.isPending}
          onChange={(e) => save.mutate({ defaultLanguage: e.target.value || null })}
        >
          <option value="">Not set</option>
          {languages.map((l) => (
            <option key={l.code} value={l.code}>
              {l.label}
            </option>
          ))}
        </select>
      </Field>
      {save.isError && <Alert tone="error">{errorMessage(save.error)}</Alert>}
    </div>
  );
}
