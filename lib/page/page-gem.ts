import type { CreateGemInput } from '../api/contract';
import type { ActivePage, PageMediaType } from '../messaging/protocol';

/** The type a page is saved as unless the user picks another: what detection said, else article or link by length. */
export function defaultMediaType(page: ActivePage): PageMediaType {
  return page.detected?.mediaType ?? (page.extract && page.extract.wordCount > 200 ? 'Article' : 'Link');
}

/** What a saved page carries beyond what the user edits: its text, author, date, and type details. */
export function pageDetails(page: ActivePage, mediaType: PageMediaType): Partial<CreateGemInput> {
  const { extract, detected } = page;
  return {
    media_type: mediaType,
    favicon: extract?.favicon ?? page.favIconUrl,
    text: extract?.text || null,
    byline: extract?.byline ?? null,
    publishedAt: extract?.publishedAt ?? null,
    media: {
      ...(extract?.siteName ? { siteName: extract.siteName } : {}),
      ...(extract?.lang ? { lang: extract.lang } : {}),
      ...(extract ? { wordCount: extract.wordCount } : {}),
      ...(mediaType === detected?.mediaType && detected.mediaUrl ? { mediaUrl: detected.mediaUrl } : {}),
    },
  };
}
