import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LibraryApp } from '@/components/library/LibraryApp';
import type { Collection } from '@/lib/api/contract';
import { createLibraryApi } from '@/lib/library/library-api';
import { expandedCollectionsItem } from '@/lib/library/prefs';
import { setupLiveServer } from '../chat/live-server';
import { FakeBackground } from '../fake-background';
import { sizeTheScroller } from './scroller-size';

/** Publish… in a collection's menu, against the live server: the page it publishes is then fetched as a visitor. */

const live = setupLiveServer();
sizeTheScroller();

const visit = (url: string) => fetch(url, { headers: { Accept: 'text/html' } });

describe('Publish… in the library', () => {
  it('publishes a collection at the address it shows, refuses a bad slug on its field, and unpublishes', async () => {
    const server = await live.signedIn('publish');
    const recipes = (await server.call('collections', 'POST', { data: { name: 'Recipes & Más' } })).data as Collection;
    await server.call('gems', 'POST', {
      data: { title: 'Tart & crumble', url: 'https://cooking.example.test/tart', collectionId: recipes.id },
    });
    await expandedCollectionsItem.setValue([]);
    const { user } = server.render(
      <LibraryApp api={createLibraryApi(server.access)} />,
      new FakeBackground({ user: server.account }),
    );
    const tree = await screen.findByRole('list', { name: 'Collections' });
    await user.click(await within(tree).findByRole('button', { name: 'Options for Recipes & Más' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Publish…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish Recipes & Más' });
    const published = await within(dialog).findByRole('switch', { name: 'Published' });
    // Drawn at once with its custom site, not in two steps: the centred dialog grew under the pointer.
    expect(within(dialog).queryByRole('status')).toBeNull();
    const siteName = within(dialog).getByRole('textbox', { name: 'Site name (/sites/…)' }) as HTMLInputElement;
    expect(siteName.value).toBe('');
    expect(published.getAttribute('aria-checked')).toBe('false');
    const slug = within(dialog).getByRole('textbox', { name: 'Address name (slug)' }) as HTMLInputElement;
    expect(slug.placeholder).toBe('recipes-mas');
    expect(within(dialog).queryByRole('textbox', { name: 'Address' })).toBeNull();
    const noindex = within(dialog).getByRole('checkbox', { name: /Hide from search engines/ }) as HTMLInputElement;
    expect(noindex.checked).toBe(true);

    await user.click(published);
    await user.type(slug, 'Bad Slug');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Only lower-case letters a–z, digits and single hyphens between them',
    );
    expect(slug.getAttribute('aria-invalid')).toBe('true');

    await user.clear(slug);
    await user.type(slug, 'my-recipes');
    await user.type(within(dialog).getByRole('textbox', { name: /^Title for search engines/ }), 'Home cooking');
    await user.click(noindex);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const address = (await within(dialog).findByRole('textbox', { name: 'Address' })) as HTMLInputElement;
    const url = `${server.serverUrl}/${server.account.username}/my-recipes`;
    expect(address.value).toBe(url);
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(url);
    const page = await visit(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<title>Home cooking</title>');
    expect(html).toContain('Tart &amp; crumble');
    expect(html).not.toContain('name="robots"');

    await user.click(published);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).queryByRole('textbox', { name: 'Address' })).toBeNull());
    expect(published.getAttribute('aria-checked')).toBe('false');
    expect((await visit(url)).status).toBe(404);
    // the settings are kept for the next time
    expect((within(dialog).getByRole('textbox', { name: 'Address name (slug)' }) as HTMLInputElement).value).toBe(
      'my-recipes',
    );
  });

  it('serves the collection under /sites/{name}, and binds a domain with its token, verified or said why not', async () => {
    const server = await live.signedIn('site');
    const links = (await server.call('collections', 'POST', { data: { name: 'Links' } })).data as Collection;
    await server.call(`collections/${links.id}/public`, 'PUT', { data: { isPublic: true } });
    await expandedCollectionsItem.setValue([]);
    const { user } = server.render(
      <LibraryApp api={createLibraryApi(server.access)} />,
      new FakeBackground({ user: server.account }),
    );
    const tree = await screen.findByRole('list', { name: 'Collections' });
    await user.click(await within(tree).findByRole('button', { name: 'Options for Links' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Publish…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish Links' });
    const here = await within(dialog).findByRole('group', { name: 'On this server' });
    const name = `${server.account.username.toLowerCase()}-links`;
    await user.type(within(here).getByRole('textbox', { name: 'Site name (/sites/…)' }), `${name}{Enter}`);
    const served = await within(here).findByRole('link', { name: `${server.serverUrl}/sites/${name}` });
    expect((await visit(served.getAttribute('href') ?? '')).status).toBe(200);

    const own = within(dialog).getByRole('group', { name: 'On your own domain' });
    await user.type(within(own).getByRole('textbox', { name: 'Domain' }), 'exa mple');
    await user.click(within(own).getByRole('button', { name: 'Bind domain' }));
    expect((await within(own).findByRole('alert')).textContent).toBe(
      'Enter a domain such as links.example.com (no path, no IP address)',
    );
    await user.clear(within(own).getByRole('textbox', { name: 'Domain' }));
    await user.type(within(own).getByRole('textbox', { name: 'Domain' }), `${name}.example.test`);
    await user.click(within(own).getByRole('button', { name: 'Bind domain' }));
    const token = (await within(own).findByRole('textbox', { name: 'Verification token' })) as HTMLInputElement;
    expect(token.value).toMatch(/^trove-verify-/);
    expect(within(own).getByText(`http://${name}.example.test/.well-known/trove-verify.txt`).tagName).toBe('CODE');
    await user.click(within(own).getByRole('button', { name: 'Verify' }));
    expect((await within(own).findByRole('alert')).textContent).toContain(`${name}.example.test is not verified`);
    await user.click(within(own).getByRole('button', { name: 'Remove domain' }));
    await waitFor(() => expect(within(own).queryByRole('textbox', { name: 'Verification token' })).toBeNull());
    const site = (await server.call(`fetch-collection-domain-details?collectionId=${links.id}`)) as {
      data: { domain: string | null; subdirectory: string };
    };
    expect(site.data).toMatchObject({ domain: null, subdirectory: name });
  });
});
