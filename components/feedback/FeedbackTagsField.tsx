import { useState } from 'react';
import type { Tag } from '@/lib/api/contract';
import { TagsInput } from '../popup/TagsInput';

interface Props {
  value: Tag[];
  onChange: (tags: Tag[]) => void;
  existing: Tag[];
  /** Creates a tag through the tag API and resolves to it. */
  onCreate: (name: string) => Promise<Tag>;
}

/** Feedback tags: names typed with Enter or comma become tags, new ones created through the tag API. */
export function FeedbackTagsField({ value, onChange, existing, onCreate }: Props) {
  const [error, setError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const known = [...existing, ...value];
  const find = (name: string) => known.find((t) => t.tag.toLowerCase() === name.toLowerCase());

  const change = async (names: string[]) => {
    setError(null);
    const kept = value.filter((t) => names.some((n) => n.toLowerCase() === t.tag.toLowerCase()));
    const added = names.filter((n) => !kept.some((t) => t.tag.toLowerCase() === n.toLowerCase()));
    const next = [...kept];
    setCreating(added.some((n) => !find(n)));
    try {
      for (const name of added) next.push(find(name) ?? (await onCreate(name)));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setCreating(false);
      onChange(next);
    }
  };

  return (
    <>
      <TagsInput
        inputId="report-tags"
        value={value.map((t) => t.tag)}
        onChange={(names) => void change(names)}
        suggestions={existing.map((t) => t.tag)}
      />
      {creating && <span className="hint">Creating tag…</span>}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
