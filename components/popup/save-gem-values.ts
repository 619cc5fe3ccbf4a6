import type { Resolver } from 'react-hook-form';
import type { GemSummary } from '@/lib/api/contract';
import { type ActivePage, type ActiveTab, isPageMediaType } from '@/lib/messaging/protocol';
import { defaultMediaType } from '@/lib/page/page-gem';
import type { SaveGemFormValues } from './save-gem-form-schema';

export type { SaveGemFormValues } from './save-gem-form-schema';

const loadRules = () => import('./save-gem-form-schema');

/** Loads the form's rules ahead of the first validation (once the form is filled in). */
export const preloadSaveGemRules = () => void loadRules();

/** The form's resolver: the zod rules of save-gem-form-schema.ts, loaded on first use. */
export const saveGemResolver: Resolver<SaveGemFormValues> = async (values, context, options) =>
  (await loadRules()).saveGemFormResolver(values, context, options);

/** The fields the page itself fills in once it has been read (the tab alone gives its title). */
export const PAGE_FIELDS = ['title', 'description', 'image', 'mediaType'] as const;

/** What the page says about itself; before the page is read (extract undefined), what the tab says. */
export function pageValues(
  tab: ActiveTab & { extract?: ActivePage['extract'] },
): Pick<SaveGemFormValues, (typeof PAGE_FIELDS)[number]> {
  const extract = tab.extract ?? null;
  return {
    title: extract?.title || tab.title,
    description: extract?.description ?? '',
    image: extract?.image ?? '',
    mediaType: defaultMediaType({ ...tab, extract }),
  };
}

/** The form's starting values: the saved gem when the page is already saved, otherwise what the tab or page says. */
export function initialValues(
  tab: ActiveTab & { extract?: ActivePage['extract'] },
  existing: GemSummary | undefined,
  defaultCollectionId: number | undefined,
): SaveGemFormValues {
  if (existing) {
    return {
      title: existing.title,
      description: existing.description,
      url: existing.url,
      image: existing.image ?? '',
      collectionId: existing.collectionId,
      tags: existing.tags.map((t) => t.tag),
      mediaType: isPageMediaType(existing.media_type) ? existing.media_type : 'Link',
    };
  }
  return { ...pageValues(tab), url: tab.url, collectionId: defaultCollectionId as number, tags: [] };
}
