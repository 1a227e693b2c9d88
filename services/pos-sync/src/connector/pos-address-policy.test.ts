import { parsePrivateAddressAllowance, posAddressPolicy } from './pos-address-policy.js';

describe('the POS address policy', () => {
  const production = posAddressPolicy({ allowPrivate: false });

  it.each([
    ['loopback', '127.0.0.1'],
    ['loopback', '127.255.255.254'],
    ['loopback', '::1'],
    ['unspecified', '0.0.0.0'],
    ['unspecified', '::'],
    ['private', '10.0.0.1'],
    ['private', '172.16.5.4'],
    ['private', '172.31.255.255'],
    ['private', '192.168.1.1'],
    ['carrier-grade NAT', '100.64.0.1'],
    ['carrier-grade NAT', '100.127.255.254'],
    ['link-local', '169.254.169.254'],
    ['link-local', 'fe80::1'],
    ['private (unique local)', 'fc00::1'],
    ['private (unique local)', 'fd12:3456::1'],
    ['loopback', '::ffff:127.0.0.1'],
    ['link-local', '::ffff:169.254.169.254'],
    ['private', '::ffff:a00:1'],
    ['multicast', '224.0.0.1'],
    ['multicast', 'ff02::1'],
    ['broadcast', '255.255.255.255'],
    ['reserved', '240.0.0.1'],
    ['reserved', '192.0.2.1'],
    ['reserved', '2001:db8::1'],
    ['NAT64', '64:ff9b::7f00:1'],
    ['6to4', '2002:7f00:1::1'],
    ['non-public', '::7f00:1'],
  ])('refuses a %s address (%s) unless private addresses are allowed', (why, address) => {
    expect(production.refusal(address)).toBe(why);
    expect(posAddressPolicy({ allowPrivate: true }).refusal(address)).toBeUndefined();
  });

  it.each(['93.184.215.14', '1.1.1.1', '2606:4700:4700::1111', '::ffff:93.184.215.14'])('allows a public address (%s)', (address) => {
    expect(production.refusal(address)).toBeUndefined();
  });

  it('allows the operator’s ranges and nothing else private', () => {
    const policy = posAddressPolicy({ allowPrivate: ['10.20.0.0/16', 'fd00:1::/64'] });
    expect(policy.refusal('10.20.3.4')).toBeUndefined();
    expect(policy.refusal('::ffff:10.20.3.4')).toBeUndefined();
    expect(policy.refusal('fd00:1::5')).toBeUndefined();
    expect(policy.refusal('10.21.0.1')).toBe('private');
    expect(policy.refusal('127.0.0.1')).toBe('loopback');
    expect(policy.refusal('169.254.169.254')).toBe('link-local');
  });

  it.each([
    ['http://127.0.0.1:1', 'loopback'],
    ['http://[::1]:5300', 'loopback'],
    ['http://[::ffff:127.0.0.1]', 'loopback'],
    ['http://2130706433/', 'loopback'],
    ['http://0x7f.1/', 'loopback'],
    ['http://169.254.169.254/', 'link-local'],
    ['http://localhost:5300', 'loopback'],
    ['http://LOCALHOST.:5300', 'loopback'],
    ['http://pos.localhost', 'loopback'],
    ['http://0.0.0.0:5300', 'unspecified'],
  ])('refuses %s by the URL’s text alone', (url, why) => {
    expect(production.refusalOfHost(new URL(url).hostname)).toBe(why);
  });

  it('leaves other names to the check after resolution', () => {
    expect(production.refusalOfHost('pos.example.com')).toBeUndefined();
  });

  it.each([
    ['on', true],
    ['OFF', false],
    [' 10.20.0.0/16 , fd00:1::/64 ', ['10.20.0.0/16', 'fd00:1::/64']],
  ])('reads POS_ALLOW_PRIVATE_ADDRESSES=%j', (value, allowance) => {
    expect(parsePrivateAddressAllowance(value)).toEqual(allowance);
  });
});
