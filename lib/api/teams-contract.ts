import { z } from 'zod';
import { idSchema } from './integers';
import { emailSchema } from './validators';

/**
 * Teams (server/features/teams/): members invited through the sharing invitations (a `shares` row of kind `team`),
 * keys members share with the team, the models admins allow through them and each member's monthly allowance.
 * Money is in US dollars, as the model catalogue prices it (per million tokens).
 */

export const teamRoles = ['owner', 'admin', 'member'] as const;
export type TeamRole = (typeof teamRoles)[number];
/** The roles an invitation or a role change can give (a team has one owner, its creator). */
export const teamMemberRoleSchema = z.enum(['admin', 'member']);

/** At most $1,000,000 a month, to the millionth of a dollar. */
const usdSchema = z.number().min(0).max(1_000_000);

export const teamNameSchema = z.string().trim().min(1, 'A team needs a name').max(100);

export const teamSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The caller's role in it. */
  role: z.enum(teamRoles),
  owner: z.object({ id: z.number(), username: z.string() }),
  /** Accepted members, the owner included. */
  membersCount: z.number(),
  /** The team settings switch: off, its shared keys serve no one. */
  settingsEnabled: z.boolean(),
  /** What each member may spend a month through its keys unless given their own allowance. */
  defaultAllowanceUsd: z.number(),
  createdAt: z.string(),
});
export type Team = z.infer<typeof teamSchema>;

/** An invitation to a team, as its invitee sees it (accept or decline it with `POST /api/shares/{shareId}/accept`). */
export const teamInvitationSchema = z.object({
  shareId: z.number(),
  team: z.object({ id: z.number(), name: z.string() }),
  role: teamMemberRoleSchema,
  invitedBy: z.object({ id: z.number(), username: z.string() }).nullable(),
  createdAt: z.string(),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;

export const teamsSchema = z.object({
  data: z.object({ teams: z.array(teamSchema), invitations: z.array(teamInvitationSchema) }),
});

export const teamMemberSchema = z.object({
  /** The invitation's share id (null for the owner). */
  shareId: z.number().nullable(),
  /** The account (null while an invitation by email waits for its address to sign up). */
  user: z.object({ id: z.number(), username: z.string() }).nullable(),
  email: z.string().nullable(),
  role: z.enum(teamRoles),
  status: z.enum(['pending', 'accepted', 'declined']),
  /** The member's own allowance, or null when the team's default applies. */
  monthlyAllowanceUsd: z.number().nullable(),
  /** Spent this month through the team's keys (what the allowance was charged). */
  spentUsd: z.number(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const createTeamBody = z.object({ data: z.object({ name: teamNameSchema }) });

export const updateTeamBody = z.object({
  data: z
    .object({
      name: teamNameSchema.optional(),
      settingsEnabled: z.boolean().optional(),
      defaultAllowanceUsd: usdSchema.optional(),
    })
    .refine((data) => Object.keys(data).length > 0, { message: 'Nothing to change', path: ['name'] }),
});

/** By username or email, exactly one of the two (as sharing a collection). */
export const inviteToTeamBody = z.object({
  data: z
    .object({
      username: z.string().trim().min(1).max(100).optional(),
      email: emailSchema.optional(),
      role: teamMemberRoleSchema.default('member'),
    })
    .superRefine((data, ctx) => {
      if ((data.username === undefined) === (data.email === undefined))
        ctx.addIssue({ code: 'custom', path: ['username'], message: 'Give a username or an email (one of the two)' });
    }),
});

export const updateMemberBody = z.object({
  data: z
    .object({
      role: teamMemberRoleSchema.optional(),
      /** null: back to the team's default. */
      monthlyAllowanceUsd: usdSchema.nullable().optional(),
    })
    .refine((data) => Object.keys(data).length > 0, { message: 'Nothing to change', path: ['role'] }),
});

/** Handing the team to another owner: an accepted member (admin or member) of the team. */
export const transferTeamBody = z.object({ data: z.object({ userId: idSchema }) });

/** A key shared with a team: never the key, only its mask (its last 4 characters). */
export const teamKeySchema = z.object({
  id: z.number(),
  team: z.object({ id: z.number(), name: z.string() }),
  sharedBy: z.object({ id: z.number(), username: z.string() }),
  kind: z.enum(['provider', 'endpoint']),
  /** The provider's (or the endpoint's) name. */
  provider: z.string(),
  keyMask: z.string().nullable(),
  /**
   * Why it serves no one (the sharer removed the key or the endpoint, or team settings are off); null when it does.
   * An endpoint's address and key are never sent, not even masked (`keyMask` is null for endpoints).
   */
  unusableReason: z.string().nullable(),
  /** The models members may use through it. */
  models: z.array(z.object({ id: z.number(), displayName: z.string(), model: z.string() })),
  /** The caller's choice: their default for this provider, stopped using it, or neither. */
  choice: z.enum(['default', 'removed']).nullable(),
  createdAt: z.string(),
});
export type TeamKey = z.infer<typeof teamKeySchema>;

/**
 * `share-key-with-team`: the caller's own key of a built-in provider (by its name or slug), or one of their custom
 * endpoints (`endpointId`): exactly one of the two.
 */
export const shareKeyBody = z.object({
  data: z
    .object({
      teamId: idSchema,
      provider: z.string().trim().min(1).max(100).optional(),
      endpointId: idSchema.optional(),
      /** The models members may use through it (admins can change them later); none when not given. */
      modelIds: z.array(idSchema).max(500).optional(),
    })
    .superRefine((data, ctx) => {
      if ((data.provider === undefined) === (data.endpointId === undefined))
        ctx.addIssue({
          code: 'custom',
          path: ['provider'],
          message: 'Give a provider or an endpointId (one of the two)',
        });
    }),
});

export const teamIdBody = z.object({ data: z.object({ teamId: idSchema }) });
export const teamSettingsIdBody = z.object({ data: z.object({ id: idSchema }) });
export const updateTeamSettingsBody = z.object({
  data: z.object({
    id: idSchema,
    name: teamNameSchema.optional(),
    settingsEnabled: z.boolean().optional(),
    defaultAllowanceUsd: usdSchema.optional(),
  }),
});

/** An allowance: a member's (`userId`) or, without it, the team's default. */
export const allowanceBody = z.object({
  data: z.object({ teamId: idSchema, userId: idSchema.optional(), monthlyAllowanceUsd: usdSchema }),
});

export const deleteTeamKeysBody = z.object({ data: z.object({ teamId: idSchema, settingId: idSchema.optional() }) });
export const teamKeyModelBody = z.object({ data: z.object({ settingId: idSchema, modelId: idSchema }) });
/**
 * `type`: the provider whose shared key it is about, or a shared endpoint's name; `settingId` picks one shared key when
 * several are.
 */
export const sharedKeyChoiceBody = z.object({
  data: z.object({ type: z.string().trim().min(1).max(100), settingId: idSchema.optional() }),
});

export const teamUsageQuery = z.object({
  /** `YYYY-MM`; this month (UTC) by default. */
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month as YYYY-MM')
    .optional(),
});

export const teamUsageSchema = z.object({
  data: z.object({
    month: z.string(),
    members: z.array(
      z.object({
        user: z.object({ id: z.number(), username: z.string() }),
        allowanceUsd: z.number(),
        spentUsd: z.number(),
        heldUsd: z.number(),
      }),
    ),
    models: z.array(
      z.object({
        user: z.object({ id: z.number(), username: z.string() }),
        model: z.object({ id: z.number(), displayName: z.string() }),
        answers: z.number(),
        inputTokens: z.number(),
        outputTokens: z.number(),
        costUsd: z.number(),
      }),
    ),
  }),
});
