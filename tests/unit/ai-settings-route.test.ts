import { describe, expect, it } from 'vitest';
import { isAiSettingsRoute } from '../../components/options/use-ai-settings-route';

describe('isAiSettingsRoute', () => {
  it("accepts the spec's route in the hash and the plain query", () => {
    expect(isAiSettingsRoute('#/u/ada/edit-profile?aiSettings=true', '')).toBe(true);
    expect(isAiSettingsRoute('#/u/ada%20b/edit-profile?tab=1&aiSettings=true', '')).toBe(true);
    expect(isAiSettingsRoute('', '?aiSettings=true')).toBe(true);
  });

  it('refuses other pages and values', () => {
    expect(isAiSettingsRoute('#/u/ada/edit-profile?aiSettings=false', '')).toBe(false);
    expect(isAiSettingsRoute('#report-bug', '')).toBe(false);
    expect(isAiSettingsRoute('#/u/ada/profile?aiSettings=true', '')).toBe(false);
  });
});
