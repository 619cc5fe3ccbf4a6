import { z } from 'zod';
import { idSchema, MAX_ROW_ID, queryInteger } from './integers';
import { emailSchema } from './validators';

/** Sharing a collection or a tag with people: roles, invitations, members and what is shared with the user. */

export const shareRoles = ['viewer', 'contributor', 'editor', 'admin'] as const;
export const shareRoleSchema = z.enum(shareRoles);
export type ShareRole = z.infer<typeof shareRoleSchema>;
/** Whether a member with `role` may add gems to the shared collection (contributor and up). */
export const addsGems = (role: ShareRole) => shareRoles.indexOf(role) >= shareRoles.indexOf('contributor');
export const shareKinds = ['collection', 'tag'] as const;
export const shareStatusSchema = z.enum(['pending', 'accepted', 'declined']);

const person = z.object({ id: z.number(), username: z.string() });

/**
 * An invitation: a person by `username`, or by `email` (an account with that address, or one that has none yet: it is
 * claimed when that address signs up), with a role (viewer by default). Exactly one of the two.
 */
export const inviteBody = z.object({
  data: z
    .object({
      username: z.string().trim().min(1).max(100).optional(),
      email: emailSchema.optional(),
      /** A team the inviter is in: its members have the access while they are members (accepted at once). */
      teamId: idSchema.optional(),
      role: shareRoleSchema.default('viewer'),
    })
    .superRefine((data, ctx) => {
      const given = [data.username, data.email, data.teamId].filter((value) => value !== undefined).length;
      if (given !== 1)
        ctx.addIssue({
          code: 'custom',
          path: ['username'],
          message: 'Give a username, an email or a teamId (one of the three)',
        });
    }),
});

export const shareSchema = z.object({
  id: z.number(),
  /** `team`: an invitation to join a team (server/features/teams), with a team role. */
  kind: z.enum([...shareKinds, 'team']),
  /** The collection's, tag's or team's id and name. */
  resourceId: z.number(),
  resourceName: z.string(),
  role: z.enum([...shareRoles, 'member']),
  status: shareStatusSchema,
  /** An account (`username`), an address with no account yet (`email`, until it is claimed), or a team. */
  invitee: z.object({
    id: z.number().nullable(),
    username: z.string().nullable(),
    email: z.string().nullable(),
    /** Present on a share with a team. */
    team: z.object({ id: z.number(), name: z.string() }).optional(),
  }),
  invitedBy: person.nullable(),
  createdAt: z.string(),
  respondedAt: z.string().nullable(),
});
export type Share = z.infer<typeof shareSchema>;

export const updateShareBody = z.object({ data: z.object({ role: shareRoleSchema }) });

/** `DELETE /api/collection/{id}/remove-access`: whose access (a share of the collection); without it, the caller leaves. */
export const removeAccessQuery = z.object({ shareId: queryInteger(1, MAX_ROW_ID).optional() });

/** A sub-collection a shared collection's share reaches (not one that stops the shares above it, nor those under it). */
export const sharedSubCollectionSchema = z.object({
  id: z.number(),
  name: z.string(),
  parentId: z.number(),
  /** How the search names it: the shared collection's path, then the names down to it. */
  path: z.string(),
  /** The gems the user can read there, its own sub-collections' too. */
  gemsCount: z.number(),
});
export type SharedSubCollection = z.infer<typeof sharedSubCollectionSchema>;

/** A collection or tag shared with the user (accepted), or an invitation to one (pending). */
export const sharedItemSchema = z.object({
  shareId: z.number(),
  kind: z.enum(shareKinds),
  id: z.number(),
  name: z.string(),
  /**
   * How the search names it (`collection:"Recipes/Desserts"`): its name after those of the collections or tags above it
   * that the user reads too, up to the first they do not.
   */
  path: z.string(),
  owner: person,
  role: shareRoleSchema,
  status: shareStatusSchema,
  invitedBy: person.nullable(),
  /** The gems the user can read there (not trashed; a collection's with its sub-collections'). */
  gemsCount: z.number(),
  createdAt: z.string(),
  /** An accepted collection's sub-collections the share reaches, each after its parent, a level by name (else none). */
  subCollections: z.array(sharedSubCollectionSchema),
});
export type SharedItem = z.infer<typeof sharedItemSchema>;

export const sharedWithMeSchema = z.object({
  data: z.object({ collections: z.array(sharedItemSchema), tags: z.array(sharedItemSchema) }),
});

export const sharesInheritBody = z.object({ data: z.object({ inherit: z.boolean() }) });
export const sharesInheritSchema = z.object({ data: z.object({ id: z.number(), sharesInherit: z.boolean() }) });
