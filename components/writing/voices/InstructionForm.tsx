import { type FormEvent, useId, useState } from 'react';
import type { BrandVoice, Persona } from '@/lib/api/voice-contract';
import type { InstructionFields, InstructionKind } from '@/lib/writing/writing-api';
import { useAiData } from '../../ai-settings/use-ai-settings';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';

interface InstructionFormProps {
  kind: InstructionKind;
  /** The voice or agent edited; none, a new one. */
  item?: BrandVoice | Persona;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onSave: (fields: InstructionFields) => void;
}

const WORDS = {
  voice: {
    title: 'New brand voice',
    text: 'Tone of voice',
    hint: 'How answers should sound: words, rhythm, attitude.',
  },
  persona: { title: 'New agent', text: 'Instructions', hint: 'What the assistant does and how, as this agent.' },
} as const;

/**
 * A brand voice (name, its tone described, a sample written in it) or an agent (name, job title, instructions, a
 * default model), new or edited; the server's refusal is shown in the form, which stays open.
 */
export function InstructionForm({ kind, item, busy, error, onCancel, onSave }: InstructionFormProps) {
  const words = WORDS[kind];
  const hintId = useId();
  const [name, setName] = useState(item?.name ?? '');
  const [text, setText] = useState(item?.text ?? '');
  const [sampleText, setSampleText] = useState(item && 'sampleText' in item ? item.sampleText : '');
  const [jobTitle, setJobTitle] = useState(item && 'jobTitle' in item ? item.jobTitle : '');
  const [modelId, setModelId] = useState<number | null>(item && 'modelId' in item ? item.modelId : null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(kind === 'voice' ? { name, text, sampleText } : { name, text, jobTitle, modelId });
  };
  return (
    <form className="voices-edit" aria-label={item ? `Edit ${item.name}` : words.title} onSubmit={submit}>
      <label>
        Name
        <input className="ui-input" value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      {kind === 'persona' ? (
        <label>
          Job title
          <input className="ui-input" value={jobTitle} onChange={(event) => setJobTitle(event.target.value)} />
        </label>
      ) : null}
      <label>
        {words.text}
        <textarea
          className="ui-input"
          rows={4}
          aria-describedby={hintId}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </label>
      <span id={hintId} className="voices-hint">
        {words.hint}
      </span>
      {kind === 'voice' ? (
        <label>
          Sample text
          <textarea
            className="ui-input"
            rows={3}
            value={sampleText}
            onChange={(event) => setSampleText(event.target.value)}
          />
        </label>
      ) : (
        <ModelSelect value={modelId} onChange={setModelId} />
      )}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="voices-edit-actions">
        <Button size="sm" type="submit" loading={busy}>
          {item ? 'Save' : 'Create'}
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** An agent's default model: one of the user's text models, or none (the chat's own choice). */
function ModelSelect({ value, onChange }: { value: number | null; onChange: (id: number | null) => void }) {
  const { models } = useAiData();
  // An inactive model may be chosen too (a key added later makes it usable); it says so.
  const text = (models.data ?? []).filter((m) => m.type === 'Text');
  return (
    <label>
      Default model
      <select
        className="ui-input"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
      >
        <option value="">The chat’s model</option>
        {text.map((m) => (
          <option key={m.id} value={m.id}>
            {m.label === 'Inactive' ? `${m.displayName} (inactive)` : m.displayName}
          </option>
        ))}
      </select>
    </label>
  );
}
