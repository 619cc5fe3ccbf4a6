import { browser } from 'wxt/browser';
import type { CaptureKind, CaptureRequest, CaptureResults, CaptureScope } from '../page/capture';

/**
 * Reads something from a tab's DOM with the injected capture script: the script defines the capture in the
 * extension's isolated world, then a second injection runs it with this request (entrypoints/capture.ts). Null when
 * the page cannot be scripted (no activeTab grant, a browser page) or nothing matched.
 */
export async function captureInTab<K extends CaptureKind>(
  target: { tabId: number; frameId?: number },
  request: Extract<CaptureRequest, { kind: K }>,
): Promise<CaptureResults[K] | null> {
  const injection = { tabId: target.tabId, ...(target.frameId ? { frameIds: [target.frameId] } : {}) };
  try {
    await browser.scripting.executeScript({ target: injection, files: ['/capture.js'] });
    const [result] = await browser.scripting.executeScript({
      target: injection,
      func: (req: CaptureRequest) => (globalThis as CaptureScope).__troveCapture?.(req) ?? null,
      args: [request],
    });
    return (result?.result as CaptureResults[K] | null | undefined) ?? null;
  } catch (error) {
    console.warn(`[trove] could not read the page (${request.kind})`, error);
    return null;
  }
}
