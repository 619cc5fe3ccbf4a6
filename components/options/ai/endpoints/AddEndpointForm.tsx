import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { CustomEndpointKind, TestCustomEndpointInput } from '@/lib/api/ai-contract';
import { isHttpUrl, messages } from '@/lib/api/validators';
import { unwrap, useBackground } from '../../../app/background-context';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Field } from '../../../ui/Field';
import { type FieldErrors, splitFieldErrors } from '../field-errors';
import { useEndpointsChanged } from './queries';

const FIELDS = ['name', 'kind', 'baseUrl', 'apiKey'] as const;
type Errors = FieldErrors<(typeof FIELDS)[number]>;

const PLACEHOLDERS: Record<CustomEndpointKind, string> = {
  'openai-compatible': 'http://127.0.0.1:1234/v1',
  ollama: 'http://127.0.0.1:11434',
};

/**
 * Adds an endpoint: a name, OpenAI-compatible or Ollama, the base URL and an optional key (sent to the
 * server only, then emptied). "Test connection" tries the address as typed and says plainly what failed;
 * adding also discovers the models at once.
 */
export function AddEndpointForm() {
  const background = useBackground();
  const changed = useEndpointsChanged();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<CustomEndpointKind>('openai-compatible');
  const [baseUrl, setBaseUrl] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [added, setAdded] = useState<string | null>(null);

  const connection = (): TestCustomEndpointInput => ({
    kind,
    baseUrl: baseUrl.trim(),
    ...(apiKey.trim() ? { apiKey: apiKey.trim() } : {}),
  });
  const test = useMutation({
    mutationFn: async (input: TestCustomEndpointInput) => unwrap(await background.testCustomEndpoint(input)),
    onError: (error) => setErrors(splitFieldErrors(error, FIELDS)),
  });
  const add = useMutation({
    mutationFn: async () => unwrap(await background.addCustomEndpoint({ name: name.trim(), ...connection() })),
    onSuccess: (saved) => {
      changed({ saved });
      const count = saved.models.length;
      setAdded(
        saved.refreshError
          ? `Added ${saved.name}, but no models yet: ${saved.refreshError}`
          : `Added ${saved.name}: ${count} model${count === 1 ? '' : 's'} found.`,
      );
      setName('');
      setBaseUrl('');
      setApiKey('');
      test.reset();
    },
    onError: (error) => setErrors(splitFieldErrors(error, FIELDS)),
  });

  /** The address checks made before any call; true when they pass. */
  const addressOk = (found: Errors) => {
    if (!baseUrl.trim()) found.baseUrl = messages.required;
    else if (!isHttpUrl(baseUrl.trim())) found.baseUrl = messages.urlInvalid();
    setErrors(found);
    setAdded(null);
    return Object.keys(found).length === 0;
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    test.reset();
    if (addressOk(name.trim() ? {} : { name: messages.required })) add.mutate();
  };
  const busy = add.isPending || test.isPending;
  return (
    <form className="ai-endpoint-form" onSubmit={submit} aria-labelledby="ai-endpoint-add-heading" noValidate>
      <h4 id="ai-endpoint-add-heading">Add an endpoint</h4>
      <Field id="ai-endpoint-name" label="Name" error={errors.name}>
        <input id="ai-endpoint-name" value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
      </Field>
      <Field id="ai-endpoint-kind" label="Kind" error={errors.kind}>
        <select id="ai-endpoint-kind" value={kind} onChange={(e) => setKind(e.target.value as CustomEndpointKind)}>
          <option value="openai-compatible">OpenAI-compatible</option>
          <option value="ollama">Ollama</option>
        </select>
      </Field>
      <Field id="ai-endpoint-base-url" label="Base URL" error={errors.baseUrl}>
        <input
          id="ai-endpoint-base-url"
          type="url"
          value={baseUrl}
          placeholder={PLACEHOLDERS[kind]}
          onChange={(e) => setBaseUrl(e.target.value)}
        />
      </Field>
      <Field id="ai-endpoint-key" label="API key (optional)" error={errors.apiKey}>
        <input
          id="ai-endpoint-key"
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={apiKey}
          onChange={(e) => setApiKey(e.target.value)}
        />
      </Field>
      {errors.form && <Alert tone="error">{errors.form}</Alert>}
      {test.data && !test.isPending && <Alert tone={test.data.ok ? 'success' : 'error'}>{test.data.message}</Alert>}
      {added && !busy && <Alert tone={added.includes(', but ') ? 'info' : 'success'}>{added}</Alert>}
      <div className="row-actions">
        <Button
          loading={test.isPending}
          disabled={add.isPending}
          onClick={() => {
            if (addressOk({})) test.mutate(connection());
          }}
        >
          Test connection
        </Button>
        <Button type="submit" variant="primary" loading={add.isPending} disabled={test.isPending}>
          Add endpoint
        </Button>
      </div>
    </form>
  );
}
