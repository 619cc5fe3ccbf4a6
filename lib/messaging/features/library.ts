import type { Collection, Gem, GemList, Tag, UpdateGemInput } from '../../api/contract';
import type { SharedItem } from '../../api/sharing-contract';
import type { Result } from '../types';

/** The user's gems, collections and tags. */
export interface LibraryMessages {
  listCollections(): Result<Collection[]>;
  /** The collections others shared with the user that they may add gems to (contributor and up). */
  listSharedCollections(): Result<SharedItem[]>;
  createCollection(input: { name: string; parentId?: number | null }): Result<Collection>;
  listTags(): Result<Tag[]>;
  createTag(input: { tag: string }): Result<Tag>;
  findGemsAtUrl(url: string): Result<Gem[]>;
  updateGem(input: { id: number; gem: UpdateGemInput }): Result<Gem>;
  /** Deletes one of the user's gems (the popup's Undo and Delete). */
  deleteGem(input: { id: number }): Result<{ id: number }>;
  listGems(input: { page: number; perPage?: number }): Result<GemList>;
}
