import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ContextUsed } from '@/components/chat/conversation/ContextUsed';
import type { ContextManifestItem } from '@/lib/api/chat-contract';

/** A manifest as the server writes it for a chosen collection of 1,250 gems: the newest read, the rest one stand-in. */
const manifest = (omitted: number): { items: ContextManifestItem[] } => ({
  items: [
    {
      kind: 'collectionGem',
      id: 7,
      collectionId: 3,
      title: 'Tide tables',
      tokens: 1200,
      includedTokens: 600,
      included: 'truncated',
    },
    {
      kind: 'collectionGem',
      collectionId: 3,
      title: `${omitted} older gems of collection "Harbour" not read (only its newest 1,000 are)`,
      tokens: 0,
      includedTokens: 0,
      included: 'dropped',
      omitted,
    },
  ],
});

const lines = () => screen.getAllByRole('listitem').map((li) => li.textContent);

describe("An answer's context manifest", () => {
  it("says how many of a collection's gems were not read, not that they were left out for room", () => {
    render(<ContextUsed context={manifest(250)} />);
    expect(lines()).toEqual([
      'Tide tables — cut to fit (600 of 1,200 tokens)',
      '250 more gems of this collection not read (only the newest 1,000 are)',
    ]);
    expect(document.querySelector('summary')?.textContent).toBe(
      'Context: 1 item, 1 cut or left out, 250 more gems not read',
    );
  });

  it('counts one unread gem as one gem', () => {
    render(<ContextUsed context={manifest(1)} />);
    expect(lines()[1]).toBe('1 more gem of this collection not read (only the newest 1,000 are)');
  });
});
