import type { Context } from 'hono';
import { customSiteApi, customSitePageApi } from '../../../lib/api/routes/custom-sites';
import { contractRoutes } from '../../http/contract-routes';
import type { AppEnv, Deps } from '../../http/env';
import { baseUrlOf } from '../uploads/upload-files';
import type { DomainTable } from './host-sites';
import { serveSite } from './site-pages';
import {
  assignDomain,
  assignSubdirectory,
  collectionOfSubdirectory,
  domainToVerify,
  getCustomSite,
  markVerified,
  removeDomain,
} from './sites';
import { checkDomainToken } from './verify';

/** The owner's custom-site routes (lib/api/routes/custom-sites.ts), mounted at /api behind the user check. */
export function customSiteRoutes({ db, files, siteVerification }: Deps, domains: DomainTable) {
  const site = async (c: Context<AppEnv>, collectionId: number) => ({
    status: 200 as const,
    body: { data: await getCustomSite(db, c.get('userId'), collectionId, baseUrlOf(files.publicUrl, c.req.url)) },
  });
  return contractRoutes<AppEnv>('/api')
    .implement(customSiteApi.details, (c, { query }) => site(c, query.collectionId))
    .implement(customSiteApi.assignDomain, async (c, { body }) => {
      const { collectionId, domain } = body.data;
      await assignDomain(db, c.get('userId'), collectionId, domain, new URL(c.req.url).host);
      domains.changed();
      return site(c, collectionId);
    })
    .implement(customSiteApi.verifyDomain, async (c, { body }) => {
      const { collectionId } = body.data;
      const { domain, token } = await domainToVerify(db, c.get('userId'), collectionId);
      await checkDomainToken(domain, token, siteVerification);
      await markVerified(db, collectionId, domain);
      domains.changed();
      return site(c, collectionId);
    })
    .implement(customSiteApi.removeDomain, async (c, { query }) => {
      await removeDomain(db, c.get('userId'), query.collectionId);
      domains.changed();
      return site(c, query.collectionId);
    })
    .implement(customSiteApi.assignSubdirectory, async (c, { body }) => {
      await assignSubdirectory(db, c.get('userId'), body.data.collectionId, body.data.subdirectory);
      return site(c, body.data.collectionId);
    }).app;
}

const match = { name: '[^/.]+', sub: '[^.]+' };

/** `/sites/{name}/…` (mounted at the root, before the public pages). */
export function customSitePageRoutes({ db, files }: Deps) {
  const serve = async (c: Context, name: string, what: Parameters<typeof serveSite>[5]) =>
    serveSite(
      c,
      db,
      await collectionOfSubdirectory(db, name.toLowerCase()),
      `/sites/${encodeURIComponent(name.toLowerCase())}`,
      baseUrlOf(files.publicUrl, c.req.url),
      what,
    );
  return contractRoutes('')
    .implement(customSitePageApi.rss, (c, { params }) => serve(c, params.name, { kind: 'rss' }), { match })
    .implement(customSitePageApi.atom, (c, { params }) => serve(c, params.name, { kind: 'atom' }), { match })
    .implement(customSitePageApi.page, (c, { params }) => serve(c, params.name, { kind: 'page', sub: '' }), { match })
    .implement(customSitePageApi.subPage, (c, { params }) => serve(c, params.name, { kind: 'page', sub: params.sub }), {
      match,
    }).app;
}
