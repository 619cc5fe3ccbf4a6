import type { UserModel } from '@/lib/api/ai-contract';

export interface Capability {
  key: string;
  /** What the badge shows. */
  short: string;
  /** What it means, for screen readers and the badge's title. */
  long: string;
}

const FLAGS: [keyof UserModel, Capability][] = [
  ['is_audio_enabled', { key: 'audio', short: 'Voice', long: 'Voice and audio' }],
  ['is_video_enabled', { key: 'video', short: 'Video', long: 'Video input' }],
  ['is_vision_enabled', { key: 'vision', short: 'Vision', long: 'Vision' }],
  ['isAttachmentSupported', { key: 'files', short: 'Files', long: 'File attachments' }],
  ['is_reasoning_enabled', { key: 'reasoning', short: 'Reasoning', long: 'Deep reasoning' }],
  ['is_image_generated', { key: 'image', short: 'Images', long: 'Image generation' }],
  ['is_web_search_enabled', { key: 'web', short: 'Web', long: 'Live web search' }],
];

/** 128,000 → "128K", 131,072 → "131K", 1,047,576 → "1M", 1,500,000 → "1.5M", 512 → "512". */
export function formatContextLength(tokens: number): string {
  // From 999,500 up, "1000K" would show: it is "1M".
  if (tokens >= 999_500) return `${Number((tokens / 1_000_000).toFixed(1))}M`;
  if (tokens >= 1000) return `${Math.round(tokens / 1000)}K`;
  return String(Math.max(0, Math.round(tokens)));
}

/** A model's capability badges in a fixed order, the context length last (when it is known). */
export function modelCapabilities(model: UserModel): Capability[] {
  const list = FLAGS.filter(([flag]) => model[flag] === true).map(([, capability]) => capability);
  // A model discovered on the user's own endpoint may not report its context length: never show a guess.
  // Once the user sets one in AI settings, the server sends it as content_length (README, `PUT /ai-endpoints/{id}/context-length`).
  if (model.discovered && model.discovered.contextLength === null && model.discovered.contextLengthSet == null)
    list.push({ key: 'context', short: 'Context ?', long: 'Context length unknown' });
  else if (model.content_length > 0) {
    const size = formatContextLength(model.content_length);
    list.push({ key: 'context', short: size, long: `${size} tokens of context` });
  }
  return list;
}
