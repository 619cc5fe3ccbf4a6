import type { Preferences } from '../messaging/protocol';
import { quickSaveCollectionItem } from './stores';

export async function getPreferences(): Promise<Preferences> {
  return { quickSaveCollectionId: await quickSaveCollectionItem.getValue() };
}

export async function setPreferences(change: Partial<Preferences>): Promise<Preferences> {
  if (change.quickSaveCollectionId !== undefined) await quickSaveCollectionItem.setValue(change.quickSaveCollectionId);
  return getPreferences();
}
