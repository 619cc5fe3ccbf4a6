import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import type { AiProviderSettings } from '@/lib/api/ai-contract';
import { messages } from '@/lib/api/validators';
import { useSettingsAnswer } from '../../ai-settings/use-ai-settings';
import { unwrap, useBackground } from '../../app/background-context';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { useToast } from '../../ui/Toast';
import { type FieldErrors, splitFieldErrors } from './field-errors';

/** Providers reached at a base URL the user gives: the OpenAI-compatible APIs and Ollama. */
const BASE_URL_PROVIDERS = new Set(['mistral', 'groq', 'ollama']);
const HOUSE_PROVIDER = 'trove';

type Errors = FieldErrors<'apiKey' | 'baseUrl'>;
const toFieldErrors = (error: unknown): Errors => splitFieldErrors(error, ['apiKey', 'baseUrl'] as const);

/**
 * One provider: the key's mask (never the key), a password field to add or replace it, the base URL
 * where the provider takes one, and Remove. The key typed here only passes through this form to the
 * background and the server; the field is emptied as soon as the server has it.
 */
export function ProviderKeyRow({ provider, credits }: { provider: AiProviderSettings; credits: number }) {
  const background = useBackground();
  const answered = useSettingsAnswer();
  const { provider: name, slug, keyRequired, apiKey: mask } = provider;
  const withBaseUrl = BASE_URL_PROVIDERS.has(slug);
  const [key, setKey] = useState('');
  const [baseUrl, setBaseUrl] = useState(provider.baseUrl ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const toast = useToast();

  useEffect(() => setBaseUrl(provider.baseUrl ?? ''), [provider.baseUrl]);

  /** Each mutation's variable is its confirmation, worded when the user acts (key or base URL). */
  const settled = {
    onSuccess: (settings: Parameters<typeof answered>[0], confirmation: string) => {
      answered(settings, { labelsChanged: true });
      setKey('');
      toast('success', confirmation);
    },
    onError: (error: unknown) => setErrors(toFieldErrors(error)),
  };
  const save = useMutation({
    mutationFn: async (_confirmation: string) =>
      unwrap(
        await background.setProviderKey({
          provider: name,
          ...(key.trim() ? { apiKey: key.trim() } : {}),
          ...(withBaseUrl ? { baseUrl: baseUrl.trim() || null } : {}),
        }),
      ),
    ...settled,
  });
  const remove = useMutation({
    mutationFn: async (_confirmation: string) => unwrap(await background.removeProviderKey({ provider: name })),
    ...settled,
  });

  if (slug === HOUSE_PROVIDER) {
    return (
      <li className="ai-provider" data-provider={name}>
        <h4>{name}</h4>
        <p className="hint">Trove's own models need no key; they use your credits ({credits} left).</p>
      </li>
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (keyRequired && !key.trim()) return setErrors({ apiKey: messages.required });
    if (!keyRequired && !key.trim() && !baseUrl.trim()) return setErrors({ baseUrl: messages.required });
    setErrors({});
    save.mutate(`${name} ${key.trim() ? 'key' : 'base URL'} saved.`);
  };
  return (
    <li className="ai-provider" data-provider={name}>
      <h4 id={`ai-provider-${slug}`}>{name}</h4>
      <p className="ai-key-state" data-testid={`ai-key-state-${slug}`}>
        {mask ? `Key: ${mask}` : 'No key'}
        {provider.baseUrl ? ` · ${provider.baseUrl}` : ''}
      </p>
      <form onSubmit={submit} aria-labelledby={`ai-provider-${slug}`} noValidate>
        <Field id={`ai-key-${slug}`} label={`${name} API key${keyRequired ? '' : ' (optional)'}`} error={errors.apiKey}>
          <input
            id={`ai-key-${slug}`}
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={key}
            placeholder={mask ? 'Enter a new key to replace it' : ''}
            onChange={(e) => setKey(e.target.value)}
          />
        </Field>
        {withBaseUrl && (
          <Field id={`ai-base-url-${slug}`} label={`${name} base URL`} error={errors.baseUrl}>
            <input id={`ai-base-url-${slug}`} type="url" value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} />
          </Field>
        )}
        {errors.form && <Alert tone="error">{errors.form}</Alert>}
        <div className="row-actions">
          <Button type="submit" aria-label={`Save ${name} key`} loading={save.isPending} disabled={remove.isPending}>
            Save
          </Button>
          <Button
            aria-label={`Remove ${name} key`}
            loading={remove.isPending}
            disabled={save.isPending || (!mask && !provider.baseUrl)}
            onClick={() => {
              setErrors({});
              remove.mutate(`${name} ${mask ? 'key' : 'base URL'} removed.`);
            }}
          >
            Remove
          </Button>
        </div>
      </form>
    </li>
  );
}
