import { type Gem, mediaTypes, OWN_ROUTE_MEDIA_TYPES, type UpdateGemInput } from '@/lib/api/contract';

/** The types a gem can be changed to (prompts, voices, agents and memories are made through their own routes). */
export const EDITABLE_TYPES = mediaTypes.filter((t) => !(OWN_ROUTE_MEDIA_TYPES as readonly string[]).includes(t));

export interface GemFormValues {
  title: string;
  description: string;
  url: string;
  image: string;
  media_type: string;
  collectionId: string;
  /** Tag names, separated by commas. */
  tags: string;
  notes: string;
  isFavourite: boolean;
}

export const formValuesOf = (gem: Gem): GemFormValues => ({
  title: gem.title,
  description: gem.description,
  url: gem.url,
  image: gem.image ?? '',
  media_type: gem.media_type,
  collectionId: String(gem.collectionId),
  tags: gem.tags.map((t) => t.tag).join(', '),
  notes: gem.notes,
  isFavourite: gem.isFavourite,
});

export const tagNames = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((t) => t.trim().replace(/^#/, ''))
      .filter(Boolean),
  ),
];

/** Only what changed is sent, so an edit never rewrites a field the user did not touch. */
export function changesOf(gem: Gem, values: GemFormValues): UpdateGemInput {
  const before = formValuesOf(gem);
  const changes: UpdateGemInput = {};
  if (values.title !== before.title) changes.title = values.title;
  if (values.description !== before.description) changes.description = values.description;
  if (values.url !== before.url) changes.url = values.url;
  if (values.image !== before.image) changes.image = values.image.trim() || null;
  if (values.media_type !== before.media_type) changes.media_type = values.media_type as UpdateGemInput['media_type'];
  if (values.collectionId !== before.collectionId) changes.collectionId = Number(values.collectionId);
  if (tagNames(values.tags).join('\n') !== tagNames(before.tags).join('\n')) changes.tags = tagNames(values.tags);
  if (values.notes !== before.notes) changes.notes = values.notes;
  if (values.isFavourite !== before.isFavourite) changes.isFavourite = values.isFavourite;
  return changes;
}
