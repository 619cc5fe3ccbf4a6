/** Pages Trove can save: http and https (not browser pages, about:blank, file:…). */
export const isWebPage = (url: string) => /^https?:/.test(url);
