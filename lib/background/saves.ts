import { storage } from 'wxt/utils/storage';
import { CallError, signedOutError, toUiError } from '../api/call-error';
import { type GemSummary, IDEMPOTENCY_HEADER } from '../api/contract';
import { uploadApi } from '../api/routes/uploads';
import { announceLibraryChange } from '../messaging/library-changes';
import type { QueueView, SaveOutcome, SavePayload, UiError } from '../messaging/protocol';
import { api } from './api-client';
import { flashBadge, setWaitingSaves } from './badge';
import { confirmSave } from './confirm-save';
import { fitGemToLimits } from './fit-to-limits';
import { createGem } from './library';
import { getPreferences, setPreferences } from './preferences';
import { currentOwner, type SaveOwner, waitingFor } from './save-owner';
import { createSaveQueue, type QueuedSave, type SendOutcome } from './save-queue';

/**
 * A save as queued: what is sent, and whose it is (saves queued before owners were recorded have none).
 * `quickSave`: its collection is the quick-save choice, not one the user picked for this save.
 */
type OwnedSave = SavePayload & { owner?: SaveOwner; quickSave?: boolean };

export const COLLECTION_GONE_NOTE =
  'Its quick-save collection was deleted, or is no longer shared with you: quick saves go to Unfiltered now.';
export const CHOSEN_COLLECTION_GONE_NOTE = 'Its collection was deleted while it waited: it is in Unfiltered now.';
export const CHATS_COLLECTION_NOTE =
  'Its quick-save collection holds AI chats, not saves: quick saves go to Unfiltered now.';
export const ROLE_REFUSED_NOTE =
  'Your role in its quick-save collection (shared with you) no longer lets you add gems: quick saves go to Unfiltered now.';

/**
 * Collections the server refused to save into, with why: AI Chats, chosen before it stopped being offered (a 400), or
 * a shared collection in which the user's role no longer adds gems (a 403).
 */
const refusedCollections = new Map<number, string>();
const collectionRefused = (error: UiError) =>
  error.kind === 'invalid' && (error.fields ?? []).some((field) => field.path === 'data.collectionId');

const queueItem = storage.defineItem<QueuedSave<OwnedSave>[]>('local:saveQueue', { fallback: [] });

function dataUrlToBlob(dataUrl: string): Blob {
  const match = /^data:([^;,]*);base64,(.*)$/s.exec(dataUrl);
  if (!match) throw new CallError({ kind: 'invalid', status: 400, message: 'The image could not be read.' });
  return new Blob([Uint8Array.from(atob(match[2] ?? ''), (c) => c.charCodeAt(0))], {
    type: match[1] || 'application/octet-stream',
  });
}

async function deliver(save: QueuedSave<OwnedSave>): Promise<SendOutcome<GemSummary>> {
  const headers = { [IDEMPOTENCY_HEADER]: save.key };
  try {
    const { payload } = save;
    if (payload.endpoint === 'upload-all-file' || payload.endpoint === 'upload-screenshot') {
      const form = new FormData();
      form.append('files', dataUrlToBlob(payload.image.dataUrl), payload.image.name);
      form.append('data', JSON.stringify(payload.gem));
      const route = payload.endpoint === 'upload-screenshot' ? uploadApi.screenshotGem : uploadApi.imageGem;
      return { ok: true, result: (await api.call(route, { body: form, headers })).data };
    }
    return {
      ok: true,
      result: await createGem({ idempotencyKey: save.key, gem: payload.gem, endpoint: payload.endpoint }),
    };
  } catch (error) {
    return { ok: false, error: toUiError(error) };
  }
}

/** Saves whose outcome goes back to whoever asked for them at once: they tell the user themselves. */
const answeredLive = new Set<string>();

/**
 * A save whose collection is gone goes to Unfiltered: a quick save always (deleted on another device,
 * maybe while it waited), and so do the next ones; a save whose collection the user chose, when it is
 * sent from the queue (no one is there to choose again, and Retry would fail the same way every time).
 * The refusal created nothing: the key is still unused.
 */
async function toUnfiltered(save: QueuedSave<OwnedSave>, gone: number): Promise<SendOutcome<GemSummary>> {
  if ((await getPreferences()).quickSaveCollectionId === gone) await setPreferences({ quickSaveCollectionId: null });
  const { collectionId: _, ...gem } = save.payload.gem;
  return deliver({ ...save, payload: { ...save.payload, gem } });
}

/** What the user should know about where a delivered save went. */
function noteFor(payload: OwnedSave, gem: GemSummary) {
  const asked = payload.gem.collectionId;
  if (!asked || gem.collectionId === asked) return undefined;
  if (!payload.quickSave) return CHOSEN_COLLECTION_GONE_NOTE;
  return refusedCollections.get(asked) ?? COLLECTION_GONE_NOTE;
}

/** Every save, whoever asked for it, goes through here: the open pages hear of each one that lands. */
async function send(save: QueuedSave<OwnedSave>): Promise<SendOutcome<GemSummary>> {
  let outcome = await deliver(save);
  const { collectionId } = save.payload.gem;
  // A save made in the popup just now is refused instead: the popup shows why, and the user chooses again.
  const movable = save.payload.quickSave || !answeredLive.has(save.key);
  if (!outcome.ok && outcome.error.kind === 'not-found' && collectionId && movable)
    outcome = await toUnfiltered(save, collectionId);
  // A quick-save collection that takes no saves from the user (AI Chats, or a shared one where their role no longer
  // adds) is treated as one deleted: Unfiltered, from now on.
  else if (!outcome.ok && collectionId && save.payload.quickSave && collectionRefused(outcome.error)) {
    refusedCollections.set(collectionId, outcome.error.status === 403 ? ROLE_REFUSED_NOTE : CHATS_COLLECTION_NOTE);
    outcome = await toUnfiltered(save, collectionId);
  }
  if (outcome.ok) announceLibraryChange();
  return outcome;
}

/**
 * A delivered save flashes the badge; one that did not go where asked is explained, unless its caller tells the user.
 */
async function onDelivered(save: QueuedSave<OwnedSave>, gem: GemSummary) {
  const note = noteFor(save.payload, gem);
  if (!note) flashBadge('saved', `Saved “${save.label}” to Trove`);
  else if (!answeredLive.has(save.key)) await confirmSave({ status: 'saved', gem, note });
}

/** A save of an account that is not signed in waits for it; the user is told whose sign-in it needs. */
async function heldBack(save: QueuedSave<OwnedSave>): Promise<UiError | null> {
  const wait = waitingFor(save.payload.owner, await currentOwner());
  return wait ? signedOutError(`Waits for ${wait}.`) : null;
}

export const saveQueue = createSaveQueue<OwnedSave, GemSummary>({
  store: { load: () => queueItem.getValue(), store: (items) => queueItem.setValue(items) },
  send,
  heldBack,
  onChange: (items) => showQueueOnBadge(items),
  onDelivered,
});

/**
 * Counts the waiting saves on the toolbar badge as the popup's queue list does: those waiting for the
 * server apart from those waiting for an account to sign in. Called when the queue or the sign-in changes.
 */
export async function showQueueOnBadge(items?: QueuedSave<OwnedSave>[]) {
  const [saves, now] = await Promise.all([items ?? saveQueue.list(), currentOwner()]);
  const forSignIn = new Map<string, number>();
  let forServer = 0;
  for (const save of saves) {
    if (save.state !== 'pending') continue;
    const wait = waitingFor(save.payload.owner, now);
    if (wait) forSignIn.set(wait, (forSignIn.get(wait) ?? 0) + 1);
    else forServer++;
  }
  setWaitingSaves({ forServer, forSignIn });
}

let retryTimer: ReturnType<typeof setTimeout> | undefined;

/** While the service worker is alive, try again when the next save is due; the alarm covers the rest. */
async function scheduleRetry() {
  clearTimeout(retryTimer);
  const due = await saveQueue.nextDueAt();
  if (due === null) return;
  retryTimer = setTimeout(() => void drainQueue(), Math.max(0, due - Date.now()));
}

/**
 * Sends the saves that are due; the badge is counted again even when none could go (it starts blank in a new browser
 * session).
 */
export async function drainQueue(force = false) {
  const delivered = await saveQueue.drain(force);
  await Promise.all([scheduleRetry(), showQueueOnBadge()]);
  return delivered;
}

/**
 * Queues a save, cut to the server's limits, and tries it at once: saved, queued for later (server
 * unreachable, or its account signed out), or refused.
 */
export async function queueSave(input: {
  key: string;
  label: string;
  payload: SavePayload;
  quickSave?: boolean;
}): Promise<SaveOutcome> {
  const { quickSave, ...save } = input;
  const gem = fitGemToLimits(input.payload.gem);
  const payload: OwnedSave = {
    ...input.payload,
    gem,
    owner: await currentOwner(),
    ...(quickSave ? { quickSave } : {}),
  };
  answeredLive.add(input.key);
  const outcome = await saveQueue.enqueue({ ...save, payload }).finally(() => answeredLive.delete(input.key));
  if (outcome.ok) return saved(payload, outcome.result);
  const result = await afterFailure(input.key, outcome.error);
  if (result.status === 'failed')
    flashBadge('failed', `Trove could not save “${input.label}”: ${outcome.error.message}`);
  return result;
}

export async function listQueue(): Promise<QueueView[]> {
  const [saves, now] = await Promise.all([saveQueue.list(), currentOwner()]);
  return saves.map((s) => ({
    key: s.key,
    label: s.label,
    state: s.state,
    attempts: s.attempts,
    lastError: s.lastError ?? null,
    createdAt: s.createdAt,
    waitingFor: s.state === 'pending' ? waitingFor(s.payload.owner, now) : null,
  }));
}

export async function retryQueued(key: string): Promise<SaveOutcome | null> {
  const payload = (await saveQueue.list()).find((s) => s.key === key)?.payload;
  const outcome = await saveQueue.retry(key);
  if (!outcome) return null;
  if (outcome.ok) return payload ? saved(payload, outcome.result) : { status: 'saved', gem: outcome.result };
  return afterFailure(key, outcome.error);
}

function saved(payload: OwnedSave, gem: GemSummary): SaveOutcome {
  const note = noteFor(payload, gem);
  return { status: 'saved', gem, ...(note ? { note } : {}) };
}

/** A failed attempt left the save waiting (transient) or marked failed (refused by the server). */
async function afterFailure(key: string, error: UiError): Promise<SaveOutcome> {
  await scheduleRetry();
  const save = (await saveQueue.list()).find((s) => s.key === key);
  if (save?.state !== 'pending') return { status: 'failed', error };
  return { status: 'queued', reason: error.message, waitsFor: error.kind === 'signed-out' ? 'sign-in' : 'server' };
}

export const discardQueued = (key: string) => saveQueue.discard(key).then(() => ({ key }));
