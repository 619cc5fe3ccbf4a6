import { z } from 'zod';
import { idSchema } from './integers';
import { SLUG_MAX, SLUG_PATTERN } from './public-collection-contract';
import { isWebAddress } from './web-address';

/**
 * A public collection served as a site (server/features/custom-sites/): under `/sites/{subdirectory}` on the server,
 * and on its own domain once its owner placed the verification token at
 * `http(s)://{domain}/.well-known/trove-verify.txt`. Plain zod: the extension bundles it.
 */

export const VERIFY_PATH = '/.well-known/trove-verify.txt';

/** A host name of two labels or more (letters, digits, hyphens), optionally with a port; no IP address. */
const DOMAIN =
  /^(?=.{1,253}(?::\d{1,5})?$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?(?::\d{1,5})?$/;

export const domainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value) =>
    (isWebAddress(value) ? value.slice(value.indexOf('//') + 2) : value).replace(/\/+$/, '').replace(/\.(?=:|$)/, ''),
  )
  .pipe(
    z
      .string()
      .min(1, 'Enter a domain such as links.example.com')
      .regex(DOMAIN, 'Enter a domain such as links.example.com (no path, no IP address)'),
  );

export const subdirectorySchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'The name needs at least one letter or digit')
  .max(SLUG_MAX, `At most ${SLUG_MAX} characters`)
  .regex(SLUG_PATTERN, 'Only lower-case letters a–z, digits and single hyphens between them');

export const customSiteSchema = z.object({
  collectionId: z.number(),
  /** The spec's bindingType: what the collection is bound to. */
  bindingType: z.enum(['none', 'subdirectory', 'domain', 'both']),
  subdirectory: z.string().nullable(),
  /** `{server}/sites/{subdirectory}` while bound and the collection is public. */
  subdirectoryUrl: z.string().nullable(),
  domain: z.string().nullable(),
  /** What to place at `http(s)://{domain}/.well-known/trove-verify.txt` (the file's whole text). */
  verificationToken: z.string().nullable(),
  verificationUrl: z.string().nullable(),
  verified: z.boolean(),
  /** `http://{domain}/` once verified (and the collection public); point the domain's DNS at this server. */
  customDomain: z.string().nullable(),
  isPublic: z.boolean(),
});
export type CustomSite = z.infer<typeof customSiteSchema>;

export const collectionIdQuery = z.object({
  collectionId: z
    .string()
    .regex(/^[1-9][0-9]*$/, 'A collection id')
    .transform(Number)
    .pipe(idSchema),
});

export const assignDomainBody = z.object({ data: z.strictObject({ collectionId: idSchema, domain: domainSchema }) });
export const verifyDomainBody = z.object({ data: z.strictObject({ collectionId: idSchema }) });
export const assignSubdirectoryBody = z.object({
  data: z.strictObject({ collectionId: idSchema, subdirectory: subdirectorySchema.nullable() }),
});
