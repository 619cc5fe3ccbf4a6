import { useId } from 'react';
import type { PromptVariable } from '@/lib/api/prompt-variables';
import { Field } from '../../ui/Field';

/** A prompt's `{{variables}}`: a text input for `{{Name}}`, a select for `{{Name | A, B, C}}`. */
export function VariableInputs({
  variables,
  values,
  onChange,
}: {
  variables: PromptVariable[];
  values: Record<string, string>;
  onChange: (name: string, value: string) => void;
}) {
  const baseId = useId();
  return (
    <div className="prompt-variables">
      {variables.map((variable, index) => {
        const id = `${baseId}-${index}`;
        const value = values[variable.name] ?? '';
        return (
          <Field key={variable.name} id={id} label={variable.name}>
            {variable.options ? (
              <select
                id={id}
                className="ui-input"
                value={value}
                onChange={(e) => onChange(variable.name, e.target.value)}
              >
                {variable.options.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={id}
                className="ui-input"
                value={value}
                onChange={(e) => onChange(variable.name, e.target.value)}
              />
            )}
          </Field>
        );
      })}
    </div>
  );
}

/** Each dropdown starts on its first option; text variables start empty. */
export const initialValues = (variables: PromptVariable[]): Record<string, string> =>
  Object.fromEntries(variables.map((v) => [v.name, v.options?.[0] ?? '']));
