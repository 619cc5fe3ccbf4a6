import type { ReactNode } from 'react';

export interface ComboboxOption {
  value: string;
  label: string;
  /** Shown at the end of the row (a count, say); not part of the option's name. */
  detail?: ReactNode;
}

/** A row of the list: one of the options, or the offer to create one from the typed text. */
export type ComboboxItem = { kind: 'option'; option: ComboboxOption } | { kind: 'create'; text: string };

export type ComboboxFilter = (option: ComboboxOption, text: string) => boolean;

export const matchesText: ComboboxFilter = (option, text) =>
  option.label.toLocaleLowerCase().includes(text.toLocaleLowerCase());

export const sameLabel = (option: ComboboxOption, text: string) =>
  option.label.trim().toLocaleLowerCase() === text.trim().toLocaleLowerCase();

/**
 * The rows to show for `query` (the text typed since the list opened; empty shows every option).
 * The create row comes last and only when `canCreate` and no option already has that name.
 */
export function comboboxItems(
  options: readonly ComboboxOption[],
  query: string,
  canCreate: boolean,
  filter: ComboboxFilter = matchesText,
): ComboboxItem[] {
  const text = query.trim();
  const shown = text ? options.filter((option) => filter(option, text)) : options;
  const items: ComboboxItem[] = shown.map((option) => ({ kind: 'option', option }));
  if (canCreate && text && !options.some((option) => sameLabel(option, text))) items.push({ kind: 'create', text });
  return items;
}
