import { type ComponentType, type LazyExoticComponent, lazy, useEffect } from 'react';

/** A lazily loaded component that can be asked to load before it is first drawn. */
export type LazyPart<P> = LazyExoticComponent<ComponentType<P>> & { preload: () => Promise<unknown> };

// biome-ignore lint/suspicious/noExplicitAny: each part keeps its own props; the list only preloads them.
const parts: LazyPart<any>[] = [];

/**
 * A part of the library that the first rows and the sidebar do not draw (a view, the sheet, a dialog): its code is
 * a chunk of its own, loaded the first time it is drawn or sooner by `preload` (idle time after the first rows, or
 * a hover or focus on what opens it), so that the first chunk stays small (scripts/check-bundles.ts holds its budget).
 */
function lazyPart<P>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    loading ??= load().then((component) => ({ default: component }));
    return loading;
  };
  const part = Object.assign(lazy(preload), { preload });
  parts.push(part);
  return part;
}

export const GemSheet = lazyPart(() => import('./GemSheet').then((m) => m.GemSheet));
export const GemMovePicker = lazyPart(() => import('./GemMovePicker').then((m) => m.GemMovePicker));
export const FollowingView = lazyPart(() => import('./FollowingView').then((m) => m.FollowingView));
export const MyOffersView = lazyPart(() => import('./MyOffersView').then((m) => m.MyOffersView));
export const WritingView = lazyPart(() => import('./writing/WritingView').then((m) => m.WritingView));
export const DuplicatesView = lazyPart(() => import('./DuplicatesView').then((m) => m.DuplicatesView));
export const BulkBar = lazyPart(() => import('./BulkBar').then((m) => m.BulkBar));
export const ImportDialog = lazyPart(() => import('./import/ImportDialog').then((m) => m.ImportDialog));
export const ExportDialog = lazyPart(() => import('./ExportDialog').then((m) => m.ExportDialog));
export const NameDialog = lazyPart(() => import('./NameDialog').then((m) => m.NameDialog));
export const MovePicker = lazyPart(() => import('./MovePicker').then((m) => m.MovePicker));
export const TagMovePicker = lazyPart(() => import('./TagMovePicker').then((m) => m.TagMovePicker));
export const DeleteCollectionDialog = lazyPart(() =>
  import('./DeleteCollectionDialog').then((m) => m.DeleteCollectionDialog),
);
export const ShareDialog = lazyPart(() => import('./ShareDialog').then((m) => m.ShareDialog));
export const ShareLinkDialog = lazyPart(() => import('./ShareLinkDialog').then((m) => m.ShareLinkDialog));
export const PublishDialog = lazyPart(() => import('./PublishDialog').then((m) => m.PublishDialog));
export const OffersDialog = lazyPart(() => import('./OffersDialog').then((m) => m.OffersDialog));
export const MergeTagDialog = lazyPart(() => import('./TagDialogs').then((m) => m.MergeTagDialog));
export const MediaLookupDialog = lazyPart(() =>
  import('./media-lookup/MediaLookupDialog').then((m) => m.MediaLookupDialog),
);
export const DeleteTagDialog = lazyPart(() => import('./TagDialogs').then((m) => m.DeleteTagDialog));

/** Loads every part (once the first rows are drawn, in idle time), so that opening one later never waits for it. */
export function preloadLibraryParts() {
  for (const part of parts) void part.preload();
}

/** Once `ready` (the first rows drawn), loads every part when the page is next idle. */
export function usePreloadLibraryParts(ready: boolean) {
  useEffect(() => {
    if (!ready) return;
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(preloadLibraryParts, 200);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(preloadLibraryParts, { timeout: 2000 });
    return () => cancelIdleCallback(idle);
  }, [ready]);
}
