import { addressInUseMail, emailVerificationMail, escapeHtml, orderMail, passwordResetMail } from './mail-templates.js';

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
});
