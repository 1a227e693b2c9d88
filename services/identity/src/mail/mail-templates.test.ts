import { addressInUseMail, emailVerificationMail, escapeHtml, mailImageUrl, orderMail, passwordResetMail } from './mail-templates.js';

describe('mail templates', () => {
  it('links the reset page under PUBLIC_ORIGIN, in text and HTML', () => {
    const m = passwordResetMail({ to: 'a@example.com', firstName: null, username: 'ann', token: 'tok_en-1', publicOrigin: 'https://shop.example', validMinutes: 30 });
    expect(m.links).toEqual(['https://shop.example/reset-password?token=tok_en-1']);
    expect(m.text).toContain('Hello,\n');
    expect(m.text).toContain('https://shop.example/reset-password?token=tok_en-1');
    expect(m.html).toContain('<a href="https://shop.example/reset-password?token=tok_en-1">Reset your password</a>');
  });

  it('links the account page with ?verify= for verification', () => {
    const m = emailVerificationMail({ to: 'a@example.com', firstName: 'Ann', token: 'abc', publicOrigin: 'http://localhost:5000', validHours: 48 });
    expect(m.links).toEqual(['http://localhost:5000/account?verify=abc']);
    expect(m.text.startsWith('Hello Ann,')).toBe(true);
  });

  it("tells an address's owner that another account named it, linking the forgot-password page", () => {
    const m = addressInUseMail({ to: 'Owner@example.com', firstName: '<b>Olive</b>', publicOrigin: 'https://shop.example' });
    expect(m.subject).toBe('Someone tried to use your e-mail address at Professional Liquidation');
    expect(m.links).toEqual(['https://shop.example/forgot-password']);
    expect(m.text).toContain('(Owner@example.com)');
    expect(m.html).not.toContain('<b>Olive');
  });

  it('escapes what customers typed in the HTML part', () => {
    const m = emailVerificationMail({ to: 'a@example.com', firstName: '<img src=x onerror=alert(1)>', token: 'abc', publicOrigin: 'http://localhost:5000', validHours: 48 });
    expect(m.html).not.toContain('<img');
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('escapes item titles in the HTML part of an order confirmation, and links the order', () => {
    const m = orderMail({
      to: 'a@example.com',
      firstName: null,
      publicOrigin: 'https://shop.example',
      facts: { orderId: 'o-1', number: 'PL-100001', status: 'paid', fulfilment: { type: 'pickup', locationId: 'dublin' }, lines: [{ title: '<b>13" TV</b>', qty: 1, price: '10.00' }], total: '10.80' },
    });
    expect(m.html).toContain('&lt;b&gt;13&quot; TV&lt;/b&gt;');
    expect(m.html).not.toContain('<b>13');
    expect(m.links).toEqual(['https://shop.example/orders/o-1']);
  });

  describe("an order confirmation's pictures", () => {
    const confirmation = (lines: Array<{ title: string; qty: number; price: string; image?: string | null }>) =>
      orderMail({
        to: 'a@example.com',
        firstName: 'Ann',
        publicOrigin: 'https://shop.example',
        facts: { orderId: 'o-2', number: 'PL-100002', status: 'paid', fulfilment: { type: 'pickup', locationId: 'dublin' }, lines, total: '32.40' },
      });

    it('shows each line beside its picture in the HTML, at an address under the public origin, and leaves the text as it was', () => {
      const m = confirmation([
        { title: 'Espresso Machine', qty: 1, price: '20.00', image: '/api/media/photos/3f9a2c-640.jpg' },
        { title: 'Toaster', qty: 2, price: '5.00', image: '/api/media/toaster.svg' },
        { title: 'Kettle', qty: 1, price: '0.00', image: null },
      ]);

      expect(m.html).toContain('<img src="https://shop.example/api/media/photos/3f9a2c-640.jpg" alt="" width="64"');
      expect(m.html.match(/<img /g)).toHaveLength(1);
      // Each line still says what it is, in the HTML and in the text.
      for (const words of ['1 × Espresso Machine at $20.00', '2 × Toaster at $5.00', '1 × Kettle at $0.00']) {
        expect(m.html).toContain(words);
        expect(m.text).toContain(`\n${words}\n`);
      }
      expect(m.text).not.toMatch(/api\/media|<img|<td/);
      expect(m.links).toEqual(['https://shop.example/orders/o-2']);
    });

    it('escapes a picture address and shows none that a mail client could not fetch', () => {
      const m = confirmation([{ title: 'Lamp', qty: 1, price: '1.00', image: '/api/media/photos/a.jpg?x="><script>' }]);
      expect(m.html).not.toContain('"><script>');
      expect(mailImageUrl('javascript:alert(1)', 'https://shop.example')).toBeUndefined();
      expect(mailImageUrl('data:image/png;base64,AAAA', 'https://shop.example')).toBeUndefined();
      expect(mailImageUrl('/api/media/laptop.svg', 'https://shop.example')).toBeUndefined();
      expect(mailImageUrl(undefined, 'https://shop.example')).toBeUndefined();
      expect(mailImageUrl('https://cdn.example/p/a.jpg', 'https://shop.example')).toBe('https://cdn.example/p/a.jpg');
    });
  });
});
