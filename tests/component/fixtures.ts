import { canonicalizeUrl } from '@/lib/api/canonical-url';
import type { Collection, Diagnostics, Feedback, Gem, Tag, Upload, User } from '@/lib/api/contract';
import type { Preferences, QueueView } from '@/lib/messaging/protocol';
import type { ActivePage } from '@/lib/messaging/protocol';

/** Test data: a signed-in user "ada" with a few nested collections and tags, looking at a blog post. */

export const NOW = '2024-05-14T09:30:00.000Z';

export const makeUser = (over: Partial<User> = {}): User => ({
  id: 1,
  username: 'ada',
  email: 'ada@example.com',
  unfiltered_collection_id: 1,
  ai_chats_collection_id: null,
  createdAt: NOW,
  ...over,
});

export const makeCollection = (id: number, name: string, over: Partial<Collection> = {}): Collection => ({
  id,
  name,
  parentId: null,
  gems_count: 0,
  isUnfiltered: false,
  createdAt: NOW,
  updatedAt: NOW,
  ...over,
});

export const makeTag = (id: number, tag: string): Tag => ({ id, tag, parentId: null, createdAt: NOW });

export const makeGem = (id: number, over: Partial<Gem> = {}): Gem => {
  const url = over.url ?? `https://example.com/gems/${id}`;
  return {
    id,
    title: `Gem ${id}`,
    description: '',
    url,
    canonicalUrl: canonicalizeUrl(url),
    media_type: 'Link',
    media: {},
    image: null,
    favicon: null,
    text: null,
    byline: null,
    publishedAt: null,
    collectionId: 1,
    author: { id: 1, username: 'ada' },
    tags: [],
    createdAt: NOW,
    updatedAt: NOW,
    ...over,
  };
};

export const makePage = (over: Partial<ActivePage> = {}): ActivePage => ({
  tabId: 7,
  url: 'https://blog.example.com/posts/hello-world?utm_source=rss',
  title: 'Hello, world | Example Blog',
  favIconUrl: 'https://blog.example.com/favicon.ico',
  extract: {
    title: 'Hello, world',
    description: 'A first post about saying hello.',
    byline: 'Ada Lovelace',
    siteName: 'Example Blog',
    lang: 'en',
    image: 'https://blog.example.com/cover.png',
    favicon: 'https://blog.example.com/favicon.ico',
    publishedAt: '2024-05-01T00:00:00.000Z',
    text: 'Hello there. '.repeat(150),
    markdown: 'Hello there.',
    wordCount: 300,
    url: 'https://blog.example.com/posts/hello-world?utm_source=rss',
  },
  detected: { mediaType: 'Article', mediaUrl: null },
  ...over,
});

export interface FakeState {
  serverUrl: string;
  user: User | null;
  accounts: { user: User; password: string }[];
  collections: Collection[];
  tags: Tag[];
  gems: Gem[];
  activePage: ActivePage;
  /** Images uploaded for bug reports and not deleted, in upload order. */
  uploads: Upload[];
  /** Bug reports submitted, in order. */
  feedbacks: Feedback[];
  /** What getDiagnostics answers. */
  diagnostics: Diagnostics;
  /** False: saves are queued, as when the server cannot be reached. */
  serverReachable: boolean;
  /** Saves waiting in the background's queue. */
  queue: QueueView[];
  preferences: Preferences;
}

export const makeDiagnostics = (over: Partial<Diagnostics> = {}): Diagnostics => ({
  extensionVersion: '1.4.2',
  browser: 'Chrome 126.0.6478.127',
  os: 'linux x86-64',
  activeModel: null,
  recentErrors: ['2024-05-14T09:29:00.000Z listTags: Could not reach the server'],
  ...over,
});

export function defaultState(): FakeState {
  const user = makeUser();
  return {
    serverUrl: 'http://127.0.0.1:8787',
    user,
    accounts: [{ user, password: 'correct horse' }],
    collections: [
      makeCollection(1, 'Unfiltered', { isUnfiltered: true }),
      makeCollection(2, 'Recipes', { gems_count: 3 }),
      makeCollection(3, 'Desserts', { parentId: 2 }),
      makeCollection(4, 'Work'),
    ],
    tags: [makeTag(1, 'JavaScript'), makeTag(2, 'cooking')],
    gems: [],
    activePage: makePage(),
    uploads: [],
    feedbacks: [],
    diagnostics: makeDiagnostics(),
    serverReachable: true,
    queue: [],
    preferences: { quickSaveCollectionId: null },
  };
}
