import { extractPage } from '@/lib/page/extract';

// Injected by the background with `browser.scripting.executeScript({ files: ['/extract.js'] })`;
// the returned PageExtract is the script's result.
export default defineUnlistedScript(() => extractPage(document, location.href));
