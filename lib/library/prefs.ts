import { storage } from 'wxt/utils/storage';
import type { ViewPrefs } from './view-prefs';

/** The collections open in the sidebar's tree, kept across visits. */
export const expandedCollectionsItem = storage.defineItem<number[]>('local:library.expandedCollections', {
  fallback: [],
});

/** The view and sort of each collection or other source (by its key, sources.ts), kept across visits. */
export const viewPrefsItem = storage.defineItem<Record<string, ViewPrefs>>('local:library.viewPrefs', {
  fallback: {},
});
