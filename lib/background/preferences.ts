import { storage } from 'wxt/utils/storage';
import type { Preferences } from '../messaging/protocol';

const quickSaveCollectionItem = storage.defineItem<number | null>('local:quickSaveCollectionId', { fallback: null });

export async function getPreferences(): Promise<Preferences> {
  return { quickSaveCollectionId: await quickSaveCollectionItem.getValue() };
}

export async function setPreferences(change: Partial<Preferences>): Promise<Preferences> {
  if (change.quickSaveCollectionId !== undefined) await quickSaveCollectionItem.setValue(change.quickSaveCollectionId);
  return getPreferences();
}
