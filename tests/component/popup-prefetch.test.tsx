import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { BackgroundProvider } from '@/components/app/background-context';
import { createQueryClient } from '@/components/app/query-client';
import { prefetchSavePopup } from '@/components/popup/prefetch';
import { SavePopup } from '@/components/popup/SavePopup';
import { ToastProvider } from '@/components/ui/Toast';
import type { MessageName } from '@/lib/messaging/protocol';
import { FakeBackground } from './fake-background';
import { makePage } from './fixtures';
import { field, findSaveForm } from './render';

/** The popup as entrypoints/popup/main.tsx starts it: its questions asked first, then rendered on that query cache. */
function renderOn(queryClient: QueryClient, fake: FakeBackground) {
  return render(
    <BackgroundProvider client={fake.client}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <SavePopup onOpenOptions={vi.fn()} onOpenLibrary={vi.fn()} closePopup={vi.fn()} />
        </ToastProvider>
      </QueryClientProvider>
    </BackgroundProvider>,
  );
}

const ALL: MessageName[] = [
  'getSession',
  'getActiveTab',
  'listQueue',
  'getActivePage',
  'listCollections',
  'listTags',
  'findGemsAtUrl',
  'getSuggestionSettings',
];
const callCounts = (fake: FakeBackground) =>
  Object.fromEntries(ALL.map((name) => [name, vi.mocked(fake.client[name]).mock.calls.length]));

describe('the popup asks its questions before it renders', () => {
  test('each is asked once, and the first render is the form, filled in from the answers', async () => {
    const fake = new FakeBackground();
    const queryClient = createQueryClient();
    prefetchSavePopup(queryClient, fake.client);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(callCounts(fake)).toEqual(Object.fromEntries(ALL.map((name) => [name, 1])));
    expect(fake.calls('findGemsAtUrl')).toEqual([fake.state.activePage.url]);

    renderOn(queryClient, fake);
    // No skeleton first: the form, already filled in, is what renders.
    const form = screen.getByRole('form', { name: 'Save this page' });
    expect(form.getAttribute('aria-busy')).toBe('false');
    expect(field('Title').value).toBe('Hello, world');
    expect((screen.getByRole('combobox', { name: 'Collection' }) as HTMLInputElement).value).toBe('Unfiltered');
    await findSaveForm();
    expect(callCounts(fake)).toEqual(Object.fromEntries(ALL.map((name) => [name, 1])));
  });

  test('an answer still on its way when the popup renders is waited for, not asked again', async () => {
    const fake = new FakeBackground();
    const tab = fake.holdNext('getActiveTab');
    const queryClient = createQueryClient();
    prefetchSavePopup(queryClient, fake.client);
    renderOn(queryClient, fake);
    screen.getByRole('status', { name: 'Loading' });
    tab.release();
    await findSaveForm();
    expect(callCounts(fake)).toEqual(Object.fromEntries(ALL.map((name) => [name, 1])));
  });

  test('signed out, nothing goes to the server and the page is not read', async () => {
    const fake = new FakeBackground({ user: null });
    const queryClient = createQueryClient();
    prefetchSavePopup(queryClient, fake.client);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    renderOn(queryClient, fake);
    screen.getByRole('button', { name: 'Sign in' });
    expect(callCounts(fake)).toMatchObject({
      getSession: 1,
      getActiveTab: 1,
      listQueue: 1,
      getActivePage: 0,
      listCollections: 0,
      listTags: 0,
      findGemsAtUrl: 0,
      getSuggestionSettings: 0,
    });
  });

  test('a page that is not http(s) is not looked up', async () => {
    const fake = new FakeBackground({
      activePage: makePage({ url: 'chrome://extensions/', extract: null, title: 'Extensions' }),
    });
    const queryClient = createQueryClient();
    prefetchSavePopup(queryClient, fake.client);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    renderOn(queryClient, fake);
    screen.getByText(/This page \(chrome:\) can't be saved/);
    expect(fake.client.findGemsAtUrl).not.toHaveBeenCalled();
  });
});
