import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RenderResult, render, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { BackgroundProvider } from '@/components/app/background-context';
import { createQueryClient } from '@/components/app/query-client';
import { SavePopup } from '@/components/popup/SavePopup';
import { ToastProvider } from '@/components/ui/Toast';
import { FakeBackground } from './fake-background';

/** Renders `ui` as an extension page talking to `fake`, with a fresh query cache, inside the providers of components/app/mount.tsx. */
export function renderWithBackground(
  ui: ReactElement,
  fake: FakeBackground = new FakeBackground(),
): RenderResult & { fake: FakeBackground; user: UserEvent; queryClient: QueryClient } {
  const queryClient = createQueryClient();
  const user = userEvent.setup();
  const result = render(
    <BackgroundProvider client={fake.client}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>{ui}</ToastProvider>
      </QueryClientProvider>
    </BackgroundProvider>,
  );
  return { ...result, fake, user, queryClient };
}

/** The toolbar popup with a spy for opening the options page. */
export function renderPopup(fake: FakeBackground = new FakeBackground()) {
  const onOpenOptions = vi.fn<(hash?: string) => void>();
  return { ...renderWithBackground(<SavePopup onOpenOptions={onOpenOptions} />, fake), onOpenOptions };
}

/** Waits for the popup's form, once everything it needs has loaded. */
export const findSaveForm = (name: 'Save this page' | 'Edit saved gem' = 'Save this page') => screen.findByRole('form', { name });

export const field = (label: string) => screen.getByRole('textbox', { name: label }) as HTMLInputElement;

/** The message shown under a field (Field renders it as `#{id}-error`). */
export const fieldError = (id: string) => document.getElementById(`${id}-error`)?.textContent ?? null;
