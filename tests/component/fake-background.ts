import { vi } from 'vitest';
import {
  type AiModel,
  type AiSettings,
  type ConnectionTest,
  type CustomEndpoint,
  createCustomEndpointBody,
  missingAddressMessage,
  missingKeyMessage,
  setContextLengthBody,
  setProviderKeyBody,
  testCustomEndpointBody,
  type UserModel,
  updateAiSettingsBody,
} from '@/lib/api/ai-contract';
import { canonicalizeUrl } from '@/lib/api/canonical-url';
import {
  createFeedbackBody,
  createGemBody,
  createTagBody,
  type Feedback,
  type Gem,
  registerBody,
  type Tag,
  type Upload,
  type User,
} from '@/lib/api/contract';
import { normaliseServerUrl } from '@/lib/background/server-url';
import { detectImageType, MAX_IMAGE_BYTES } from '@/lib/files/image-type';
import type {
  BackgroundClient,
  MessageInput,
  MessageName,
  MessageOutput,
  Session,
  UiError,
} from '@/lib/messaging/protocol';
import { mediaTypeFromUrl } from '@/lib/page/media-type';
import {
  defaultState,
  type FakeEndpointServer,
  type FakeState,
  makeAiModel,
  makeCollection,
  makeGem,
  makeTag,
  makeUser,
  NOW,
} from './fixtures';

/**
 * An in-memory background for component tests: a small store of the session, collections, tags and
 * gems, answering the UI's messages as the real background does, plus hooks to make the next call of
 * a message fail or wait. Every method of `client` is a vi.fn, so calls can be asserted.
 */

type Data<K extends MessageName> = Extract<MessageOutput<K>, { ok: true }>['data'];
type Handlers = { [K in MessageName]: (input: MessageInput<K>) => Data<K> };

/** Thrown inside a handler to answer `{ ok: false, error }`. */
class Failure extends Error {
  constructor(readonly ui: UiError) {
    super(ui.message);
  }
}

/** A 400 the way the server words it: the first field error as the message, all of them as fields. */
const invalid = (issues: readonly { path: readonly PropertyKey[]; message: string }[]): Failure => {
  const fields = issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
  const first = fields[0];
  return new Failure({
    kind: 'invalid',
    status: 400,
    message: first ? `${first.path}: ${first.message}` : 'Invalid',
    fields,
  });
};

/** As the server masks a key: the last 4 characters of a key of 12 or more. */
export const maskKey = (key: string) => (key.length >= 12 ? `••••${key.slice(-4)}` : '••••');

/** The bytes of a `data:` URL, as the background decodes it before uploading; null when it is not one. */
function dataUrlBytes(dataUrl: string): Uint8Array | null {
  const match = /^data:([^;,]*)(;base64)?,(.*)$/s.exec(dataUrl);
  if (!match) return null;
  const [, , base64, payload = ''] = match;
  return base64
    ? Uint8Array.from(atob(payload), (c) => c.charCodeAt(0))
    : new TextEncoder().encode(decodeURIComponent(payload));
}

export const OFFLINE =
  "Can't reach the Trove server at http://127.0.0.1:8787. Check that it is running and the address is right.";

/** Messages are serialised between the background and the pages; copies keep tests from sharing objects with the UI. */
const clone = <T>(value: T): T => (value === undefined ? value : structuredClone(value));

export class FakeBackground {
  readonly state: FakeState;
  readonly client: BackgroundClient;
  private nextId = 100;
  private readonly byIdempotencyKey = new Map<string, Gem>();
  private refusal: UiError | null = null;
  private readonly failures = new Map<MessageName, UiError[]>();
  private readonly holds = new Map<MessageName, Promise<void>[]>();

  constructor(over: Partial<FakeState> = {}) {
    this.state = { ...defaultState(), ...over };
    const client: Record<string, unknown> = {};
    for (const name of Object.keys(this.handlers) as MessageName[]) {
      client[name] = vi.fn((input?: unknown) => this.dispatch(name, input));
    }
    this.client = client as BackgroundClient;
  }

  /** The inputs each call of `name` received, in order. */
  calls<K extends MessageName>(name: K): MessageInput<K>[] {
    return vi.mocked(this.client[name]).mock.calls.map((args) => args[0] as MessageInput<K>);
  }

  /** The next saveGem answers `{status: 'failed', error}`, as the background does when the server refuses a save. */
  refuseNextSave(error: UiError) {
    this.refusal = error;
  }

  /** The next call of `name` answers this error instead of running. */
  failNext(name: MessageName, error: Partial<UiError> & { message: string }) {
    const ui: UiError = { kind: 'server', status: 500, ...error };
    this.failures.set(name, [...(this.failures.get(name) ?? []), ui]);
  }

  /** The next call of `name` waits until `release()`; it then runs (or fails, if failNext was set). */
  holdNext(name: MessageName): { release: () => void } {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.holds.set(name, [...(this.holds.get(name) ?? []), gate]);
    return { release: () => release() };
  }

  private async dispatch(name: MessageName, input: unknown) {
    await this.holds.get(name)?.shift();
    await Promise.resolve();
    const failure = this.failures.get(name)?.shift();
    if (failure) return { ok: false, error: failure };
    try {
      return { ok: true, data: clone((this.handlers[name] as (input: unknown) => unknown)(clone(input))) };
    } catch (error) {
      if (error instanceof Failure) return { ok: false, error: error.ui };
      throw error;
    }
  }

  private signedInUser(): User {
    if (!this.state.user)
      throw new Failure({ kind: 'signed-out', status: 401, message: 'Your session has ended. Please sign in again.' });
    return this.state.user;
  }

  /** A provider by display name or slug, or a 400 as the server answers. */
  private aiProvider(name: string) {
    const found = this.state.ai.settings.providers.find(
      (p) => p.provider.toLowerCase() === name.toLowerCase() || p.slug === name.toLowerCase(),
    );
    if (!found) throw invalid([{ path: ['provider'], message: `Unknown provider "${name}"` }]);
    return found;
  }

  /** Why a model cannot be used (the spec's missing-key message for a provider without a key). */
  private aiRefusal(model: AiModel): string | undefined {
    const { ai } = this.state;
    if (model.isCurateitAI) {
      if (!ai.houseConfigured)
        return `${model.displayName} is not available: this server's operator has not set up house models`;
      return ai.settings.credits > 0 ? undefined : `You have no credits left to use ${model.displayName}`;
    }
    const provider = this.aiProvider(model.provider);
    const usable = provider.keyRequired
      ? provider.apiKey !== null
      : provider.apiKey !== null || provider.baseUrl !== null;
    if (usable) return undefined;
    return provider.keyRequired ? missingKeyMessage(model.provider) : missingAddressMessage(model.provider);
  }

  private userModel = (model: AiModel): UserModel => ({
    ...model,
    label: this.aiRefusal(model) ? 'Inactive' : model.isCurateitAI ? 'Credits' : 'API',
    inactiveReason: this.aiRefusal(model) ?? null,
    enabled: true,
    providerEnabled: true,
    endpoint: null,
    discovered: null,
  });

  /** A discovered model as the user's model list shows it (the server's rules: the endpoint's name, the API label). */
  private endpointModels = (endpoint: CustomEndpoint): UserModel[] =>
    endpoint.models.map(({ id, model, displayName, ...discovered }) => ({
      ...makeAiModel(id, endpoint.name, model, displayName, {
        content_length: discovered.contextLengthSet ?? discovered.contextLength ?? 4096,
        is_vision_enabled: discovered.vision === true,
        is_reasoning_enabled: discovered.thinking === true,
        inputPricePerMillion: 0,
        outputPricePerMillion: 0,
      }),
      label: 'API',
      inactiveReason: null,
      enabled: true,
      providerEnabled: true,
      endpoint: { id: endpoint.id, name: endpoint.name, kind: endpoint.kind },
      discovered,
    }));

  /** A connection to `baseUrl` as the server would test it. */
  private connect(baseUrl: string): ConnectionTest & { server?: FakeEndpointServer } {
    const server = this.state.ai.endpointServers[baseUrl];
    if (!server)
      return {
        ok: false,
        problem: 'unreachable',
        message: `Could not reach ${new URL(baseUrl).origin}: nothing is listening there (connection refused).`,
        modelCount: 0,
      };
    if (server.problem) return { ok: false, ...server.problem, modelCount: 0 };
    const count = server.models.length;
    return { ok: true, problem: null, message: `Connected: ${count} models found.`, modelCount: count, server };
  }

  private discoverInto(endpoint: CustomEndpoint) {
    const found = this.connect(endpoint.baseUrl);
    if (!found.server) return { ...endpoint, refreshError: found.message };
    const ids = new Map(endpoint.models.map((m) => [m.model, m.id]));
    const set = new Map(endpoint.models.map((m) => [m.model, m.contextLengthSet ?? null]));
    const models = found.server.models.map((m) => ({
      ...m,
      id: ids.get(m.model) ?? this.nextId++,
      contextLengthSet: set.get(m.model) ?? null,
    }));
    return { ...endpoint, models, refreshError: null, refreshedAt: NOW };
  }

  private ownEndpoint(id: number): { at: number; endpoint: CustomEndpoint } {
    this.signedInUser();
    const at = this.state.ai.endpoints.findIndex((e) => e.id === id);
    const endpoint = this.state.ai.endpoints[at];
    if (!endpoint) throw new Failure({ kind: 'not-found', status: 404, message: 'Endpoint not found' });
    return { at, endpoint };
  }

  private aiSettings(): AiSettings {
    this.signedInUser();
    return this.state.ai.settings;
  }

  private session = (): Session => ({ serverUrl: this.state.serverUrl, user: this.state.user });

  /** Tag references (ids or names) to tags, finding names case-insensitively and creating unknown ones. */
  private resolveTags(refs: (string | number)[]): Tag[] {
    return refs.map((ref) => {
      const found = this.state.tags.find((t) =>
        typeof ref === 'number' ? t.id === ref : t.tag.toLowerCase() === ref.toLowerCase(),
      );
      if (found) return found;
      const tag = makeTag(this.nextId++, String(ref));
      this.state.tags.push(tag);
      return tag;
    });
  }

  /** Upload ids that belong to a submitted report (the server refuses to delete them). */
  private readonly attachedUploads = new Set<number>();
  private uploadCount = 0;

  private readonly handlers: Handlers = {
    getSession: () => this.session(),
    setServerUrl: (url) => {
      const serverUrl = normaliseServerUrl(url);
      // Changing server signs out, as in the real background.
      if (serverUrl !== this.state.serverUrl) this.state.user = null;
      this.state.serverUrl = serverUrl;
      return this.session();
    },
    checkServer: (url) => {
      let serverUrl: string;
      try {
        serverUrl = normaliseServerUrl(url);
      } catch (error) {
        return { serverUrl: url, problem: { kind: 'invalid', status: 0, message: (error as Error).message } };
      }
      const answer = this.state.serverReachable ? this.state.servers[serverUrl] : undefined;
      if (!answer)
        return {
          serverUrl,
          problem: { kind: 'offline', status: 0, message: OFFLINE.replace('http://127.0.0.1:8787', serverUrl) },
        };
      if (answer === 'other') {
        return {
          serverUrl,
          problem: {
            kind: 'invalid',
            status: 200,
            message: `${serverUrl} answers, but it is not a Trove server (or not a ready one). Check the address.`,
          },
        };
      }
      return { serverUrl, problem: null };
    },
    signUp: (input) => {
      const parsed = registerBody.safeParse(input);
      if (!parsed.success) throw invalid(parsed.error.issues);
      const { username, email, password } = parsed.data;
      // as the server answers: one error for either, on both fields
      const taken = (['username', 'email'] as const).some((field) =>
        this.state.accounts.some((a) => a.user[field].toLowerCase() === parsed.data[field].toLowerCase()),
      );
      if (taken) {
        const message = 'Username or email is already taken';
        throw invalid([
          { path: ['username'], message },
          { path: ['email'], message },
        ]);
      }
      const unfiltered = makeCollection(this.nextId++, 'Unfiltered', { isUnfiltered: true });
      const user = makeUser({ id: this.nextId++, username, email, unfiltered_collection_id: unfiltered.id });
      this.state.accounts.push({ user, password });
      this.state.collections = [unfiltered];
      this.state.gems = [];
      this.state.user = user;
      return this.session();
    },
    signIn: ({ identifier, password }) => {
      const id = identifier.toLowerCase();
      const account = this.state.accounts.find((a) => a.user.username.toLowerCase() === id || a.user.email === id);
      if (!account || account.password !== password) {
        throw new Failure({ kind: 'invalid', status: 400, message: 'Invalid identifier or password' });
      }
      this.state.user = account.user;
      return this.session();
    },
    // the browser's sign-in window at the server's provider, as a person who signs in there: the first account
    signInWithOidc: () => {
      const account = this.state.accounts[0];
      if (!account)
        throw new Failure({ kind: 'invalid', status: 0, message: 'The sign-in did not finish: try again.' });
      this.state.user = account.user;
      return this.session();
    },
    signOut: () => {
      this.state.user = null;
      return this.session();
    },
    reloadUser: () => this.session(),
    getBlockedSites: () => [...(this.state.blockedSites ?? [])],
    setBlockedSites: (hosts) => {
      this.state.blockedSites = [...hosts];
      return [...hosts];
    },
    unblockSite: (host) => {
      this.state.blockedSites = (this.state.blockedSites ?? []).filter((h) => h !== host);
      // the tab is no longer on a blocked site
      const { blocked: _blocked, ...page } = this.state.activePage;
      this.state.activePage = page;
      return [...this.state.blockedSites];
    },
    // As the real background: the tab at once (what its address says), the page's own extract only in getActivePage.
    getActiveTab: () => {
      const { extract: _extract, ...tab } = this.state.activePage;
      return { ...tab, detected: mediaTypeFromUrl(tab.url) };
    },
    getActivePage: ({ tabId } = {}) => {
      if (tabId === undefined) return this.state.activePage;
      const tab = [this.state.activePage, ...(this.state.otherTabs ?? [])].find((page) => page.tabId === tabId);
      if (!tab) throw new Error(`No tab with id: ${tabId}.`);
      return tab;
    },
    listCollections: () => {
      this.signedInUser();
      return this.state.collections;
    },
    listSharedCollections: () => {
      this.signedInUser();
      return this.state.sharedCollections;
    },
    createCollection: ({ name, parentId }) => {
      this.signedInUser();
      const collection = makeCollection(this.nextId++, name.trim(), { parentId: parentId ?? null });
      this.state.collections.push(collection);
      return collection;
    },
    listTags: () => {
      this.signedInUser();
      return this.state.tags;
    },
    getSuggestionSettings: () => {
      this.signedInUser();
      return (
        this.state.suggestionSettings ?? { enabled: false, modelId: null, model: null, active: false, reason: null }
      );
    },
    findGemsAtUrl: (url) => {
      this.signedInUser();
      const key = canonicalizeUrl(url);
      return this.state.gems.filter((g) => g.canonicalUrl === key);
    },
    saveGem: ({ key: idempotencyKey, label, payload }) => {
      const user = this.signedInUser();
      const known = this.byIdempotencyKey.get(idempotencyKey);
      if (known) return { status: 'saved', gem: known };
      if (this.refusal) {
        const error = this.refusal;
        this.refusal = null;
        return { status: 'failed', error };
      }
      if (!this.state.serverReachable) {
        if (!this.state.queue.some((q) => q.key === idempotencyKey)) {
          this.state.queue.push({
            key: idempotencyKey,
            label,
            state: 'pending',
            attempts: 1,
            lastError: OFFLINE,
            waitingFor: null,
            createdAt: Date.now(),
          });
        }
        return { status: 'queued', reason: OFFLINE, waitsFor: 'server' };
      }
      const { gem } = payload;
      const parsed = createGemBody.safeParse({ data: gem });
      if (!parsed.success) return { status: 'failed', error: invalid(parsed.error.issues).ui };
      const { tags, collectionId, ...fields } = parsed.data.data;
      const stored = makeGem(this.nextId++, {
        ...fields,
        image: fields.image ?? null,
        favicon: fields.favicon ?? null,
        text: fields.text ?? null,
        byline: fields.byline ?? null,
        publishedAt: fields.publishedAt ?? null,
        canonicalUrl: canonicalizeUrl(fields.url),
        collectionId: collectionId ?? user.unfiltered_collection_id ?? 0,
        author: { id: user.id, username: user.username },
        tags: this.resolveTags(tags),
      });
      this.state.gems.unshift(stored);
      this.byIdempotencyKey.set(idempotencyKey, stored);
      return { status: 'saved', gem: stored };
    },
    // As the real background: the active tab's screenshot goes through the same save (here, a 1×1 PNG).
    saveScreenshot: () => {
      const { url, title } = this.state.activePage;
      const gem = { title: `Screenshot of ${title}`, url, media_type: 'Image' as const, media: { screenshot: true } };
      const image = { name: 'screenshot.png', dataUrl: 'data:image/png;base64,' };
      return this.handlers.saveGem({
        key: `screenshot-${this.nextId}`,
        label: gem.title,
        payload: { endpoint: 'upload-screenshot', gem, image },
      });
    },
    listQueue: () => this.state.queue,
    retryQueued: ({ key }) => {
      const item = this.state.queue.find((q) => q.key === key);
      if (!item) return null;
      return this.state.serverReachable ? null : { status: 'queued', reason: OFFLINE, waitsFor: 'server' };
    },
    discardQueued: ({ key }) => {
      this.state.queue = this.state.queue.filter((q) => q.key !== key);
      return { key };
    },
    getPreferences: () => this.state.preferences,
    setPreferences: (change) => {
      this.state.preferences = { ...this.state.preferences, ...change };
      return this.state.preferences;
    },
    updateGem: ({ id, gem }) => {
      this.signedInUser();
      const index = this.state.gems.findIndex((g) => g.id === id);
      const current = this.state.gems[index];
      if (!current) throw new Failure({ kind: 'not-found', status: 404, message: 'Not found' });
      const { tags, ...fields } = gem;
      const updated: Gem = { ...current, ...(fields as Partial<Gem>) };
      if (tags) updated.tags = this.resolveTags(tags as (string | number)[]);
      updated.canonicalUrl = canonicalizeUrl(updated.url);
      this.state.gems[index] = updated;
      return updated;
    },
    deleteGem: ({ id }) => {
      this.signedInUser();
      const index = this.state.gems.findIndex((g) => g.id === id);
      if (index < 0) throw new Failure({ kind: 'not-found', status: 404, message: 'Not found' });
      this.state.gems.splice(index, 1);
      return { id };
    },
    listGems: ({ page, perPage = 20 }) => {
      this.signedInUser();
      const data = this.state.gems.slice((page - 1) * perPage, page * perPage);
      return { data, total: this.state.gems.length, page, perPage };
    },
    createTag: (input) => {
      this.signedInUser();
      const parsed = createTagBody.safeParse({ data: input });
      if (!parsed.success) throw invalid(parsed.error.issues.map((i) => ({ ...i, path: i.path.slice(1) })));
      const name = parsed.data.data.tag;
      const known = this.state.tags.find((t) => t.tag.toLowerCase() === name.toLowerCase());
      if (known) return known;
      const tag = makeTag(this.nextId++, name);
      this.state.tags.push(tag);
      return tag;
    },
    uploadFeedbackImage: ({ dataUrl }) => {
      this.signedInUser();
      const bytes = dataUrlBytes(dataUrl);
      if (!bytes) throw new Failure({ kind: 'invalid', status: 400, message: 'The image could not be read.' });
      // As the server: the bytes decide, never the name or the declared type.
      if (bytes.byteLength > MAX_IMAGE_BYTES) {
        throw new Failure({ kind: 'invalid', status: 413, message: 'files[0]: An image may be at most 5 MB' });
      }
      const mime = detectImageType(bytes);
      if (!mime)
        throw new Failure({
          kind: 'invalid',
          status: 415,
          message: 'files[0]: Only JPG, PNG, GIF or WEBP images are accepted',
        });
      const n = ++this.uploadCount;
      const upload: Upload = {
        id: this.nextId++,
        url: `https://trove.test/uploads/${n}.png`,
        mime,
        size: bytes.byteLength,
        createdAt: NOW,
      };
      this.state.uploads.push(upload);
      return { link: upload.url, upload };
    },
    deleteUploadedImage: ({ id }) => {
      this.signedInUser();
      const index = this.state.uploads.findIndex((u) => u.id === id);
      if (index < 0) throw new Failure({ kind: 'not-found', status: 404, message: 'Not found' });
      if (this.attachedUploads.has(id)) {
        throw new Failure({ kind: 'invalid', status: 409, message: 'This image belongs to a submitted report' });
      }
      this.state.uploads.splice(index, 1);
      return { id };
    },
    submitFeedback: (input) => {
      const user = this.signedInUser();
      const parsed = createFeedbackBody.safeParse({ data: input });
      if (!parsed.success) throw invalid(parsed.error.issues.map((i) => ({ ...i, path: i.path.slice(1) })));
      const { tags, diagnostics, ...fields } = parsed.data.data;
      const resolved = tags.map((id) => {
        const tag = this.state.tags.find((t) => t.id === id);
        if (!tag) throw invalid([{ path: ['tags'], message: `Tag ${id} does not exist` }]);
        return tag;
      });
      for (const link of fields.imageLinks) {
        const upload = this.state.uploads.find((u) => u.url === link);
        if (!upload) throw invalid([{ path: ['imageLinks'], message: `${link} is not one of your uploads` }]);
        this.attachedUploads.add(upload.id);
      }
      const feedback: Feedback = {
        id: this.nextId++,
        ...fields,
        tags: resolved,
        diagnostics: diagnostics ?? null,
        author: { id: user.id, username: user.username },
        createdAt: NOW,
      };
      this.state.feedbacks.push(feedback);
      return feedback;
    },
    getDiagnostics: () => this.state.diagnostics,
    getAiSettings: () => this.aiSettings(),
    listUserModels: () => {
      this.signedInUser();
      return [...this.state.ai.models.map(this.userModel), ...this.state.ai.endpoints.flatMap(this.endpointModels)];
    },
    listCustomEndpoints: () => {
      this.signedInUser();
      return this.state.ai.endpoints;
    },
    addCustomEndpoint: (input) => {
      this.signedInUser();
      const parsed = createCustomEndpointBody.safeParse(input);
      if (!parsed.success) throw invalid(parsed.error.issues);
      const { name, kind, baseUrl, apiKey } = parsed.data;
      if (this.state.ai.endpoints.some((e) => e.name.toLowerCase() === name.toLowerCase())) {
        const message = `You already have an endpoint named "${name}"`;
        throw new Failure({
          kind: 'server',
          status: 409,
          message: `name: ${message}`,
          fields: [{ path: 'name', message }],
        });
      }
      const id = this.nextId++;
      if (apiKey) this.state.ai.keys[`endpoint:${id}`] = apiKey;
      const endpoint = this.discoverInto({
        id,
        name,
        kind,
        baseUrl,
        apiKey: apiKey ? maskKey(apiKey) : null,
        refreshedAt: null,
        refreshError: null,
        models: [],
      });
      this.state.ai.endpoints.push(endpoint);
      return endpoint;
    },
    testCustomEndpoint: (input) => {
      this.signedInUser();
      const parsed = testCustomEndpointBody.safeParse(input);
      if (!parsed.success) throw invalid(parsed.error.issues);
      const { server: _, ...answer } = this.connect(parsed.data.baseUrl);
      return answer;
    },
    refreshCustomEndpoint: ({ id }) => {
      const { at, endpoint } = this.ownEndpoint(id);
      const refreshed = this.discoverInto(endpoint);
      this.state.ai.endpoints[at] = refreshed;
      return refreshed;
    },
    setModelContextLength: ({ endpointId, ...body }) => {
      const { at, endpoint } = this.ownEndpoint(endpointId);
      const parsed = setContextLengthBody.safeParse(body);
      if (!parsed.success) throw invalid(parsed.error.issues);
      const { modelId, contextLength } = parsed.data;
      if (!endpoint.models.some((m) => m.id === modelId))
        throw new Failure({ kind: 'not-found', status: 404, message: 'AI model not found' });
      const updated = {
        ...endpoint,
        models: endpoint.models.map((m) => (m.id === modelId ? { ...m, contextLengthSet: contextLength } : m)),
      };
      this.state.ai.endpoints[at] = updated;
      return updated;
    },
    removeCustomEndpoint: ({ id }) => {
      const { at } = this.ownEndpoint(id);
      this.state.ai.endpoints.splice(at, 1);
      return null;
    },
    setProviderKey: ({ provider: name, ...body }) => {
      this.signedInUser();
      const provider = this.aiProvider(name);
      const parsed = setProviderKeyBody.safeParse(body);
      if (!parsed.success) throw invalid(parsed.error.issues);
      const { apiKey, baseUrl } = parsed.data;
      if (provider.slug === 'trove') throw invalid([{ path: ['provider'], message: 'house models need no key' }]);
      if (provider.keyRequired && !apiKey) throw invalid([{ path: ['apiKey'], message: 'This field is required.' }]);
      if (!provider.keyRequired && !apiKey && !baseUrl)
        throw invalid([{ path: ['baseUrl'], message: `${provider.provider} needs its base URL` }]);
      if (apiKey) {
        this.state.ai.keys[provider.provider] = apiKey;
        provider.apiKey = maskKey(apiKey);
      }
      if (baseUrl !== undefined) provider.baseUrl = baseUrl;
      return this.state.ai.settings;
    },
    removeProviderKey: ({ provider: name }) => {
      this.signedInUser();
      const provider = this.aiProvider(name);
      delete this.state.ai.keys[provider.provider];
      provider.apiKey = null;
      provider.baseUrl = null;
      return this.state.ai.settings;
    },
    selectModel: ({ modelId, kind }) => {
      const settings = this.aiSettings();
      const model = this.state.ai.models.find((m) => m.id === modelId);
      if (!model) throw new Failure({ kind: 'not-found', status: 404, message: 'Not found' });
      if (model.type !== (kind === 'image' ? 'Image' : 'Text'))
        throw invalid([{ path: ['kind'], message: `${model.displayName} is not a ${kind} model` }]);
      const reason = this.aiRefusal(model);
      if (reason)
        throw new Failure({
          kind: 'invalid',
          status: 400,
          message: reason,
          fields: [{ path: 'modelId', message: reason }],
        });
      if (kind === 'image') Object.assign(settings, { defaultImageAI: model.provider, defaultImageModel: model.model });
      else Object.assign(settings, { defaultAI: model.provider, defaultModel: model.model });
      return settings;
    },
    updateAiSettings: (input) => {
      const settings = this.aiSettings();
      const parsed = updateAiSettingsBody.safeParse(input);
      if (!parsed.success) throw invalid(parsed.error.issues);
      Object.assign(settings, parsed.data);
      return settings;
    },
    getLentAccess: () => {
      this.signedInUser();
      return { serverUrl: this.state.serverUrl, token: this.state.lentToken ?? 'fake-access-token' };
    },
  };
}
