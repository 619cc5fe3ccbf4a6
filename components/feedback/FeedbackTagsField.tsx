import { useRef, useState } from 'react';
import type { Tag } from '@/lib/api/contract';
import { TagsField } from '../popup/TagsField';

interface Props {
  value: Tag[];
  onChange: (tags: Tag[]) => void;
  existing: Tag[];
  /** Creates a tag through the tag API and resolves to it. */
  onCreate: (name: string) => Promise<Tag>;
}

const key = (name: string) => name.trim().toLowerCase();

/**
 * Feedback tags, on the popup's tags field (suggestions picked with ↓/Enter or a click; typed names entered
 * with Enter or a comma). A name no tag has is created through the tag API; its chip shows once it exists.
 */
export function FeedbackTagsField({ value, onChange, existing, onCreate }: Props) {
  const [error, setError] = useState<string | null>(null);
  const [creating, setCreating] = useState(0);
  // Several names can arrive before a render (a pasted list, a creation finishing): each change starts
  // from the latest tags, and a name being created is not created twice.
  const latest = useRef(value);
  latest.current = value;
  const pending = useRef(new Set<string>());
  const set = (next: Tag[]) => {
    latest.current = next;
    onChange(next);
  };
  const has = (tags: Tag[], name: string) => tags.some((t) => key(t.tag) === key(name));

  const create = async (name: string) => {
    pending.current.add(key(name));
    setCreating((n) => n + 1);
    try {
      const tag = await onCreate(name);
      if (!has(latest.current, tag.tag)) set([...latest.current, tag]);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      pending.current.delete(key(name));
      setCreating((n) => n - 1);
    }
  };

  const change = (names: string[]) => {
    setError(null);
    // The field's names are the tags it was drawn with (`value`), changed: a tag created since (its answer landing
    // between a keystroke and the next render) is not among them, and is not taken for one the user removed.
    const removed = value.filter((t) => !names.some((n) => key(n) === key(t.tag)));
    const kept = latest.current.filter((t) => !has(removed, t.tag));
    if (kept.length !== latest.current.length) set(kept);
    for (const name of names) {
      if (has(latest.current, name) || pending.current.has(key(name))) continue;
      const known = existing.find((t) => key(t.tag) === key(name));
      if (known) set([...latest.current, known]);
      else void create(name);
    }
  };

  return (
    <TagsField
      id="report-tags"
      label="Feedback Tags"
      value={value.map((t) => t.tag)}
      onChange={change}
      suggestions={existing}
      hint={creating > 0 ? 'Creating tag…' : undefined}
      error={error ?? undefined}
    />
  );
}
