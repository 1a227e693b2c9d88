import { remotePageOf } from '@pl/contracts';
import { createPageHead } from '../src/static/page-head';
import { createLogger } from '@pl/service-kit';

const REMOTES = [
  { name: 'mf_catalog', entry: 'http://cat.example:5201/mf-manifest.json' },
  { name: 'mf_cart_checkout', entry: 'http://cart.example:5202/v3/mf-manifest.json' },
  { name: 'mf_account', entry: 'http://acct.example:5203/mf-manifest.json' },
  { name: 'mf_admin', entry: 'http://admin.example:5204/mf-manifest.json' },
];
const HTML = '<html><head><title>t</title></head><body></body></html>';

/** A manifest as Module Federation writes it, trimmed to what the gateway reads. */
const manifest = (exposes: Record<string, string[]>, css: string[] = []) => ({
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: Object.entries(exposes).map(([name, js]) => ({ name, assets: { js: { sync: js, async: ['static/js/async/later.js'] }, css: { sync: css, async: [] } } })),
});

describe("the page's head, per page", () => {
  let served: Record<string, unknown>;
  const heads: Array<ReturnType<typeof createPageHead>> = [];
  const start = () => {
    const head = createPageHead({
      remotes: REMOTES,
      publicOrigin: 'https://shop.example.com',
      logger: createLogger({ name: 'test', level: 'silent' }),
      fetchManifest: async (url) => {
        if (!(url in served)) throw new Error('down');
        return served[url];
      },
      refreshMs: 20,
    });
    heads.push(head);
    return head;
  };
  beforeEach(() => {
    served = {
      [REMOTES[0]!.entry]: manifest({ HomePage: ['static/js/async/home.1.js'], ProductPage: ['static/js/async/product.1.js'], FooterLocations: ['static/js/async/footer.1.js'] }, ['static/css/async/home.1.css']),
      [REMOTES[1]!.entry]: manifest({ CartButton: ['static/js/async/button.1.js'], CartPanel: ['static/js/async/panel.1.js'], AddToCartButton: ['static/js/async/add.1.js'] }),
    };
  });
  afterAll(() => heads.forEach((h) => h.close()));
  const settled = () => new Promise((resolve) => setTimeout(resolve, 50));

  it("titles each page as its team's contract declares, the shop's name alone on the shell's own pages", () => {
    const head = start();
    const titleOf = (path: string) => /<title>([^<]*)<\/title>/.exec(head.render(HTML, remotePageOf(path)))?.[1];
    expect(titleOf('/checkout')).toBe('Checkout | Professional Liquidation');
    expect(titleOf('/admin/orders/o-1')).toBe('Order – Admin | Professional Liquidation');
    expect(titleOf('/about')).toBe('Professional Liquidation');
  });

  it("describes a page its team describes, and keeps a shopper's, an admin's or a purchase's page out of search results", () => {
    const head = start();
    const html = '<html><head><title>t</title><meta name="description" content="The shop."></head><body></body></html>';
    const described = (path: string) => /<meta name="description" content="([^"]*)">/.exec(head.render(html, remotePageOf(path)))?.[1];
    expect(described('/products')).toMatch(/^Every inspected, condition-graded item/);
    expect(described('/checkout')).toBe('The shop.');
    for (const path of ['/checkout', '/account', '/orders/o-1', '/admin/manifests', '/reset-password']) expect(head.render(html, remotePageOf(path))).toContain('<meta name="robots" content="noindex">');
    for (const path of ['/', '/products', '/products/p-1', '/categories', '/about']) expect(head.render(html, remotePageOf(path))).not.toContain('noindex');
  });

  it('names the canonical address and link preview of a public page of one address, and of no other', () => {
    const head = start();
    const home = head.render(HTML, remotePageOf('/'));
    expect(home).toContain('<link rel="canonical" href="https://shop.example.com/">');
    expect(home).toContain('<meta property="og:title" content="Quality goods, honestly graded, priced to move | Professional Liquidation">');
    expect(head.render(HTML, remotePageOf('/categories'))).toContain('<link rel="canonical" href="https://shop.example.com/categories">');
    // The list answers searches and categories too; a product's page, an account's and the shell's own name none here.
    for (const path of ['/products', '/products/p-1', '/checkout', '/about']) expect(head.render(HTML, remotePageOf(path))).not.toContain('rel="canonical"');
  });

  it("names the entries and first chunks of the page's own module and its companions', from wherever each manifest lives", async () => {
    const head = start();
    await settled();
    expect(remotePageOf('/products/abc-123')).toBe('mf_catalog/ProductPage');
    const product = head.render(HTML, remotePageOf('/products/abc-123'));
    for (const url of [
      'http://cat.example:5201/remoteEntry.js',
      'http://cat.example:5201/static/js/async/product.1.js',
      'http://cart.example:5202/v3/remoteEntry.js',
      'http://cart.example:5202/v3/static/js/async/add.1.js',
    ]) {
      expect(product).toContain(`<link rel="preload" href="${url}" as="script">`);
    }
    // Not this page's, not what the first chunks load later, and not the layout's parts (they wait
    // for the page's first view, and would share its bandwidth).
    expect(product).not.toContain('home.1.js');
    expect(product).not.toContain('footer.1.js');
    expect(product).not.toContain('button.1.js');
    expect(product).not.toContain('panel.1.js');
    expect(product).not.toContain('later.js');
    // One preload per entry however many of its modules the page shows.
    expect(product.match(/<link rel="preload" href="http:\/\/cat\.example:5201\/remoteEntry\.js"/g)).toHaveLength(1);

    const home = head.render(HTML, remotePageOf('/'));
    expect(home).toContain('<link rel="preload" href="http://cat.example:5201/static/css/async/home.1.css" as="style">');
    // A page no remote answers gets what the layout shows: that is its first view.
    const about = head.render(HTML, remotePageOf('/about'));
    expect(remotePageOf('/about')).toBeUndefined();
    for (const file of ['button.1.js', 'panel.1.js', 'footer.1.js']) expect(about).toContain(file);
    expect(about).not.toContain('product.1.js');
  });

  /** The remote configuration the page carries, as the shell reads it. */
  const configured = (html: string) =>
    Object.fromEntries((JSON.parse(/<script type="application\/json" id="pl-remotes-config">(.*?)<\/script>/.exec(html)![1]!) as { remotes: Array<{ name: string; entry: string }> }).remotes.map((r) => [r.name, r.entry]));

  it('configures every remote, each by its entry script once its manifest has been read', async () => {
    served[REMOTES[2]!.entry] = { ...manifest({ AccountArea: ['static/js/async/area.1.js'] }), metaData: { publicPath: 'https://cdn.example/acct/', remoteEntry: { name: 'remoteEntry.js', path: 'entry/' } } };
    const head = start();
    await settled();
    for (const path of ['/', '/admin/orders']) {
      expect(configured(head.render(HTML, remotePageOf(path)))).toEqual({
        mf_catalog: 'http://cat.example:5201/remoteEntry.js',
        mf_cart_checkout: 'http://cart.example:5202/v3/remoteEntry.js',
        // Its manifest names where its files are served from.
        mf_account: 'https://cdn.example/acct/entry/remoteEntry.js',
        // Unread (down): the shell reads the manifest itself, should the order desk be opened.
        mf_admin: REMOTES[3]!.entry,
      });
    }
  });

  it("preconnects to the remotes a page will load, not to the others', and preloads only the manifests the shell must read", async () => {
    const head = start();
    await settled();
    const hinted = (html: string) => REMOTES.filter((r) => html.includes(`<link rel="preload" href="${r.entry}" as="fetch"`)).map((r) => r.name);
    const preconnected = (html: string) => REMOTES.filter((r) => html.includes(`<link rel="preconnect" href="${new URL(r.entry).origin}"`)).map((r) => r.name);
    const shopper = ['mf_catalog', 'mf_cart_checkout', 'mf_account'];
    for (const path of ['/', '/products/abc-123', '/about', '/account']) {
      const html = head.render(HTML, remotePageOf(path));
      // The account team's manifest was not read (see beforeEach), so the shell will.
      expect([path, hinted(html), preconnected(html)]).toEqual([path, ['mf_account'], shopper]);
      // Every remote stays configured: the shopper may open the order desk from here without a reload.
      expect(Object.keys(configured(html))).toEqual(REMOTES.map((r) => r.name));
    }
    const desk = head.render(HTML, remotePageOf('/admin/orders'));
    expect(hinted(desk)).toEqual(['mf_account', 'mf_admin']);
    expect(preconnected(desk)).toEqual(REMOTES.map((r) => r.name));
  });

  it('leaves out a remote whose manifest it could not read, and says so when it reads it, or a new one', async () => {
    delete served[REMOTES[1]!.entry];
    const head = start();
    const changes = jest.fn();
    head.onChange(changes);
    await settled();
    expect(head.render(HTML, remotePageOf('/'))).not.toContain('cart.example:5202/v3/remoteEntry.js');
    expect(configured(head.render(HTML, remotePageOf('/'))).mf_cart_checkout).toBe(REMOTES[1]!.entry);
    const seen = changes.mock.calls.length;

    served[REMOTES[1]!.entry] = manifest({ AddToCartButton: ['static/js/async/add.2.js'] });
    await settled();
    expect(changes.mock.calls.length).toBeGreaterThan(seen);
    expect(head.render(HTML, remotePageOf('/'))).toContain('http://cart.example:5202/v3/static/js/async/add.2.js');
    expect(configured(head.render(HTML, remotePageOf('/'))).mf_cart_checkout).toBe('http://cart.example:5202/v3/remoteEntry.js');
  });
});
