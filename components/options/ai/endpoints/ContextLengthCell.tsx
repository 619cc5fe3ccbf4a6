import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { type DiscoveredModel, setContextLengthBody } from '@/lib/api/ai-contract';
import { unwrap, useBackground } from '../../../app/background-context';
import { Button } from '../../../ui/Button';
import { splitFieldErrors } from '../field-errors';
import { formatContextLength } from '../ModelBadges';
import { useEndpointsChanged } from './queries';

/**
 * A discovered model's context length: as the endpoint reported it, or Unknown; either way the user can set it
 * (an unknown one is otherwise given a small budget), and clear what they set.
 */
export function ContextLengthCell({ endpointId, model }: { endpointId: number; model: DiscoveredModel }) {
  const background = useBackground();
  const changed = useEndpointsChanged();
  const [editing, setEditing] = useState(false);
  const [localError, setLocalError] = useState<string | null>(null);
  const [value, setValue] = useState(String(model.contextLengthSet ?? model.contextLength ?? ''));
  const save = useMutation({
    mutationFn: async (contextLength: number | null) =>
      unwrap(await background.setModelContextLength({ endpointId, modelId: model.id, contextLength })),
    onSuccess: (saved) => {
      changed({ saved });
      setEditing(false);
    },
  });
  const error = save.isError ? splitFieldErrors(save.error, ['contextLength'] as const) : {};
  const message = localError ?? error.contextLength ?? error.form;
  const inputId = `context-length-${model.id}`;

  if (!editing) {
    const set = model.contextLengthSet ?? null;
    return (
      <td>
        {set !== null
          ? `${formatContextLength(set)} (set by you)`
          : model.contextLength === null
            ? 'Unknown'
            : formatContextLength(model.contextLength)}{' '}
        <Button size="sm" aria-label={`Set context length: ${model.displayName}`} onClick={() => setEditing(true)}>
          Set
        </Button>
        {set !== null && (
          <Button
            size="sm"
            aria-label={`Clear context length: ${model.displayName}`}
            loading={save.isPending}
            onClick={() => save.mutate(null)}
          >
            Clear
          </Button>
        )}
      </td>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // "32,768" and "32 768" are the same number; the contract's rule says what else is wrong with it.
    const typed = value.replace(/[\s,_]/g, '');
    const checked = setContextLengthBody.shape.contextLength.safeParse(/^\d+$/.test(typed) ? Number(typed) : typed);
    if (!checked.success || checked.data === null) {
      setLocalError(checked.success ? 'Enter a number of tokens' : (checked.error.issues[0]?.message ?? ''));
      return;
    }
    setLocalError(null);
    save.mutate(checked.data);
  };
  return (
    <td>
      <form className="context-length-form" onSubmit={submit} aria-label={`Context length of ${model.displayName}`}>
        <label htmlFor={inputId} className="visually-hidden">
          Context length of {model.displayName} (tokens)
        </label>
        <input
          id={inputId}
          inputMode="numeric"
          value={value}
          placeholder="e.g. 32768"
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${inputId}-error` : undefined}
          onChange={(e) => setValue(e.target.value)}
        />
        <Button type="submit" size="sm" loading={save.isPending}>
          Save
        </Button>
        <Button size="sm" onClick={() => setEditing(false)} disabled={save.isPending}>
          Cancel
        </Button>
        {message && (
          <p className="field-error" id={`${inputId}-error`} role="alert">
            {message}
          </p>
        )}
      </form>
    </td>
  );
}
