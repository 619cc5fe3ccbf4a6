import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import type { AnonymousUse } from '@/lib/api/public-prompt-contract';
import { errorMessage, isOffline } from '../../app/background-context';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { Switch } from '../../ui/Switch';
import { type AccountClient, useAccountClient } from '../account/queries';
import { type FieldErrors, splitFieldErrors } from '../ai/field-errors';
import { anonymousUseQuery, usableTextModelsQuery, useAnonymousUseChange } from './queries';

const FIELDS = ['enabledModels', 'dailyLimit', 'monthlyBudget'] as const;
type FormField = (typeof FIELDS)[number];

/**
 * The options page's "Public prompt page" section: whether visitors who are not signed in may run the user's public
 * prompts, with which of their models, how often a day per visitor and for how many credits a month (charged to them).
 */
export function AnonymousUseSettings() {
  const client = useAccountClient();
  const settings = useQuery(anonymousUseQuery(client));
  return (
    <section aria-labelledby="anonymous-heading" className="anonymous-use">
      <h2 id="anonymous-heading">Public prompt page</h2>
      <p className="hint">
        Each prompt you make public has a page anyone can open. Let visitors who are not signed in run them with the
        models you choose; their runs are charged to your credits, within the limits below.
      </p>
      {settings.isError && !isOffline(settings.error) && <Alert tone="error">{errorMessage(settings.error)}</Alert>}
      {settings.data && <AnonymousUseForm client={client} settings={settings.data} />}
    </section>
  );
}

function AnonymousUseForm({ client, settings }: { client: AccountClient; settings: AnonymousUse }) {
  const models = useQuery(usableTextModelsQuery(client));
  const change = useAnonymousUseChange(client);
  const [chosen, setChosen] = useState(settings.enabledModels);
  const [daily, setDaily] = useState(String(settings.dailyLimit));
  const [budget, setBudget] = useState(String(settings.monthlyBudget));
  const [errors, setErrors] = useState<FieldErrors<FormField>>({});
  const [saved, setSaved] = useState(false);
  useEffect(() => setChosen(settings.enabledModels), [settings.enabledModels]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const input = { enabledModels: chosen, dailyLimit: Number(daily), monthlyBudget: Number(budget) };
    await change.mutateAsync({ input }).then(
      () => {
        setErrors({});
        setSaved(true);
      },
      (error: unknown) => setErrors(splitFieldErrors(error, FIELDS)),
    );
  };
  const toggle = (id: number, on: boolean) => setChosen((ids) => (on ? [...ids, id] : ids.filter((x) => x !== id)));
  const modelError = Object.entries(errors).find(([key]) => key.startsWith('enabledModels'))?.[1];

  return (
    <>
      <Switch
        label="Let visitors run my public prompts"
        hint="Off: Generate on a prompt's page asks the visitor to sign up."
        checked={settings.isAnonymousEnabled}
        disabled={change.isPending}
        onCheckedChange={(enabled) => change.mutate({ enabled })}
      />
      <form onSubmit={save} aria-label="Anonymous use" noValidate className="anonymous-form">
        <fieldset aria-describedby={modelError ? 'anonymous-models-error' : undefined}>
          <legend>Models visitors may use</legend>
          {models.data?.length === 0 && <p>No model you can use yet: add a key or credits in AI settings.</p>}
          {models.data?.map((m) => (
            <label key={m.id} className="check-row">
              <input type="checkbox" checked={chosen.includes(m.id)} onChange={(e) => toggle(m.id, e.target.checked)} />
              {m.displayName} <span className="hint">({m.label})</span>
            </label>
          ))}
          {modelError && (
            <p className="field-error" id="anonymous-models-error" role="alert">
              {modelError}
            </p>
          )}
        </fieldset>
        <Field id="anonymous-daily" label="Runs a day per visitor" error={errors.dailyLimit}>
          <input id="anonymous-daily" type="number" min={0} value={daily} onChange={(e) => setDaily(e.target.value)} />
        </Field>
        <Field id="anonymous-budget" label="Credits a month" error={errors.monthlyBudget}>
          <input
            id="anonymous-budget"
            type="number"
            min={0}
            value={budget}
            onChange={(e) => setBudget(e.target.value)}
          />
        </Field>
        <p>
          Spent this month: {settings.spentThisMonth.toLocaleString('en')} of{' '}
          {settings.monthlyBudget.toLocaleString('en')} credits
        </p>
        {errors.form && <Alert tone="error">{errors.form}</Alert>}
        <Button type="submit" loading={change.isPending && !('enabled' in (change.variables ?? {}))}>
          Save
        </Button>
        {saved && <span role="status">Saved</span>}
      </form>
      {change.isError && change.variables && 'enabled' in change.variables && (
        <Alert tone="error">{errorMessage(change.error)}</Alert>
      )}
      <h3 id="public-prompts-heading">Your public prompts</h3>
      {settings.prompts.length === 0 ? (
        <p>None yet: make a prompt public from its editor in the side panel.</p>
      ) : (
        <ul aria-labelledby="public-prompts-heading">
          {settings.prompts.map((p) => (
            <li key={p.id}>
              <a href={p.url} target="_blank" rel="noreferrer">
                {p.title}
              </a>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
