import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RenderResult, render, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { expect, vi } from 'vitest';
import { BackgroundProvider } from '@/components/app/background-context';
import { createQueryClient } from '@/components/app/query-client';
import { SavePopup } from '@/components/popup/SavePopup';
import { ToastProvider } from '@/components/ui/Toast';
import { FakeBackground } from './fake-background';

/**
 * Renders `ui` as an extension page talking to `fake`, with a fresh query cache, inside the providers of
 * components/app/mount.tsx.
 */
export function renderWithBackground(
  ui: ReactElement,
  fake: FakeBackground = new FakeBackground(),
  /** Where to render (e.g. a page's #root holding its HTML shell); a new element by default. */
  container?: HTMLElement,
): RenderResult & { fake: FakeBackground; user: UserEvent; queryClient: QueryClient } {
  const queryClient = createQueryClient();
  const user = userEvent.setup();
  const result = render(
    <BackgroundProvider client={fake.client}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>{ui}</ToastProvider>
      </QueryClientProvider>
    </BackgroundProvider>,
    { container },
  );
  return { ...result, fake, user, queryClient };
}

/**
 * The toolbar popup with spies for opening the options page, the library and for closing the popup (after `autoCloseMs` on success).
 */
export function renderPopup(fake: FakeBackground = new FakeBackground(), { autoCloseMs = 60_000 } = {}) {
  const onOpenOptions = vi.fn<(hash?: string) => void>();
  const onOpenLibrary = vi.fn<(gemId: number) => void>();
  const onFollowInLibrary = vi.fn<(address: string) => void>();
  const closePopup = vi.fn<() => void>();
  const ui = (
    <SavePopup
      onOpenOptions={onOpenOptions}
      onOpenLibrary={onOpenLibrary}
      onFollowInLibrary={onFollowInLibrary}
      closePopup={closePopup}
      autoCloseMs={autoCloseMs}
    />
  );
  return { ...renderWithBackground(ui, fake), onOpenOptions, onOpenLibrary, onFollowInLibrary, closePopup };
}

/** Waits for the popup's form and for the page's extract to be filled in (the form is busy until then). */
export async function findSaveForm(name: 'Save this page' | 'Edit saved gem' = 'Save this page') {
  const form = await screen.findByRole('form', { name });
  await waitFor(() => expect(form.getAttribute('aria-busy')).toBe('false'));
  return form;
}

/** Opens the "Details" disclosure (URL, Image URL, Type), if it is closed. */
export async function openDetails(user: UserEvent) {
  const button = screen.getByRole('button', { name: /^Details/ });
  if (button.getAttribute('aria-expanded') !== 'true') await user.click(button);
}

export const field = (label: string) => screen.getByRole('textbox', { name: label }) as HTMLInputElement;

/** The message shown under a field (Field renders it as `#{id}-error`). */
export const fieldError = (id: string) => document.getElementById(`${id}-error`)?.textContent ?? null;

/** A toast with exactly `text` (confirmations are toasts: they go away by themselves, see ui/toast.test.tsx). */
export async function findToast(text: string) {
  return waitFor(() => {
    const toast = [...document.querySelectorAll('.toasts [role="status"], .toasts [role="alert"]')].find((el) =>
      el.textContent?.includes(text),
    );
    if (!toast) throw new Error(`no toast "${text}"`);
    return toast;
  });
}
