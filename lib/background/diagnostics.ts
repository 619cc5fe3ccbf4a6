import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import type { Diagnostics } from '../api/contract';
import { redact } from '../feedback/redact';

const MAX_ERRORS = 10;
/** Recent failures, redacted as they are recorded, kept for the session so a bug report can include them. */
const recentErrorsItem = storage.defineItem<string[]>('session:recentErrors', { fallback: [] });

export async function recordError(context: string, message: string): Promise<void> {
  const line = redact(`${new Date().toISOString()} ${context}: ${message}`).slice(0, 500);
  const errors = await recentErrorsItem.getValue();
  await recentErrorsItem.setValue([...errors, line].slice(-MAX_ERRORS));
}

interface UaData {
  brands?: { brand: string; version: string }[];
  getHighEntropyValues?(hints: string[]): Promise<{ fullVersionList?: { brand: string; version: string }[] }>;
}

/** "Chromium 156.0.8078.79", "Firefox 140.0"… from the most precise source the browser offers. */
async function describeBrowser(): Promise<string> {
  const uaData = (navigator as Navigator & { userAgentData?: UaData }).userAgentData;
  if (uaData?.getHighEntropyValues) {
    const { fullVersionList } = await uaData
      .getHighEntropyValues(['fullVersionList'])
      .catch(() => ({ fullVersionList: undefined }));
    const brand =
      (fullVersionList ?? uaData.brands ?? []).find((b) => !/Not.?A.?Brand/i.test(b.brand) && b.brand !== 'Chromium') ??
      (fullVersionList ?? uaData.brands ?? []).find((b) => b.brand === 'Chromium');
    if (brand) return `${brand.brand} ${brand.version}`;
  }
  const match = /(Firefox|Edg|Chrome|Safari)\/([\d.]+)/.exec(navigator.userAgent);
  return match ? `${match[1] === 'Edg' ? 'Edge' : match[1]} ${match[2]}` : navigator.userAgent.slice(0, 200);
}

/** What a bug report may carry about this installation: nothing personal, nothing secret. */
export async function getDiagnostics(activeModel: string | null = null): Promise<Diagnostics> {
  const [browserName, platform, recentErrors] = await Promise.all([
    describeBrowser(),
    browser.runtime.getPlatformInfo().catch(() => null),
    recentErrorsItem.getValue(),
  ]);
  return {
    extensionVersion: browser.runtime.getManifest().version,
    browser: browserName,
    os: platform ? `${platform.os} ${platform.arch}` : 'unknown',
    activeModel,
    recentErrors: recentErrors.map(redact),
  };
}
