import type { UserModel } from '@/lib/api/ai-contract';

const LABEL_HINTS: Record<UserModel['label'], string> = {
  Credits: 'Uses your Trove credits',
  API: 'Uses your own API key',
  Team: "Uses your team's shared key",
  Inactive: 'Not usable: add the provider key',
};

/** How a model can be used: Credits, API, Team or Inactive. */
export function ModelLabelBadge({ label }: { label: UserModel['label'] }) {
  return (
    <span
      className={`badge model-label model-label-${label.toLowerCase()}`}
      title={LABEL_HINTS[label]}
      data-label={label}
    >
      {label}
    </span>
  );
}

/** 1,047,576 → "1M", 131,072 → "131K". */
export function formatContextLength(tokens: number): string {
  if (tokens >= 1_000_000) return `${Math.round(tokens / 100_000) / 10}M`;
  if (tokens >= 1000) return `${Math.round(tokens / 1000)}K`;
  return String(tokens);
}

/** The capability badges of the side panel's model picker, in a fixed order. */
export function capabilities(model: UserModel): string[] {
  const list: [boolean, string][] = [
    [model.is_vision_enabled, 'Vision'],
    [model.is_reasoning_enabled, 'Reasoning'],
    [model.is_web_search_enabled, 'Web search'],
    [model.is_image_generated, 'Image generation'],
    [model.isAttachmentSupported, 'File attachments'],
    [model.is_audio_enabled, 'Audio'],
    [model.is_video_enabled, 'Video'],
  ];
  // A discovered model whose endpoint did not report its context length: unknown, not the budget it is given.
  const context =
    model.discovered && model.discovered.contextLength === null && model.discovered.contextLengthSet == null
      ? 'Context unknown'
      : `${formatContextLength(model.content_length)} context`;
  return [...list.filter(([on]) => on).map(([, name]) => name), context];
}

export function CapabilityBadges({ model }: { model: UserModel }) {
  return (
    <ul className="badges" aria-label={`${model.displayName} capabilities`}>
      {capabilities(model).map((name) => (
        <li key={name} className="badge">
          {name}
        </li>
      ))}
    </ul>
  );
}
