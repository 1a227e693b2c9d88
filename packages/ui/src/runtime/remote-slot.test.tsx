import { renderToString } from 'react-dom/server';
import type { AddToCartButtonProps } from '@pl/contracts';
import { preloadRemote, provideRemoteHost, RemoteSlot, type RemoteModule } from './remote-slot.js';

// The slot hands the props its user gives to the module another team exposes, and the types hold
// both sides to that module's declaration (contracts remotes/<team>.ts): the @ts-expect-error lines
// below fail the typecheck the day a slot may pass what the contract does not declare.
const received: unknown[] = [];
const FakeAddToCart = (props: AddToCartButtonProps) => {
  received.push(props);
  return <button type="button">{`Add ${props.title}`}</button>;
};
const FakeCartButton = () => <a href="/cart">Cart</a>;

beforeAll(async () => {
  const modules: Record<string, RemoteModule> = {
    'mf_cart_checkout/AddToCartButton': { default: FakeAddToCart as RemoteModule['default'] },
    'mf_cart_checkout/CartButton': { default: FakeCartButton },
  };
  provideRemoteHost({ load: async (id) => modules[id], reset: async () => {} });
  await preloadRemote('mf_cart_checkout/AddToCartButton');
  await preloadRemote('mf_cart_checkout/CartButton');
});

describe('RemoteSlot', () => {
  it("passes the declared props to the other team's module", () => {
    const props = { sku: 'SKU-1', title: 'Lamp', available: 2, oneOfAKind: false, reservedUntil: null };
    const html = renderToString(<RemoteSlot id="mf_cart_checkout/AddToCartButton" compact props={props} />);
    expect(html).toContain('Add Lamp');
    expect(received).toEqual([props]);
  });

  it('shows a module that takes no props without any', () => {
    expect(renderToString(<RemoteSlot id="mf_cart_checkout/CartButton" compact />)).toContain('Cart');
  });

  it('is checked against the contract at compile time', () => {
    const checks = [
      // @ts-expect-error: 'available' is a number in the cart team's contract
      <RemoteSlot key="1" id="mf_cart_checkout/AddToCartButton" props={{ sku: 'S', title: 'T', available: '2', oneOfAKind: false }} />,
      // @ts-expect-error: the contract requires 'sku'
      <RemoteSlot key="2" id="mf_cart_checkout/AddToCartButton" props={{ title: 'T', available: 2, oneOfAKind: false }} />,
      // @ts-expect-error: a module that takes props cannot be shown without them
      <RemoteSlot key="3" id="mf_cart_checkout/AddToCartButton" />,
      // @ts-expect-error: the cart button takes no props
      <RemoteSlot key="4" id="mf_cart_checkout/CartButton" props={{ sku: 'S' }} />,
      // @ts-expect-error: no remote exposes this module
      <RemoteSlot key="5" id="mf_cart_checkout/ProductCard" />,
    ];
    // The lines are compile-time checks; at run time they are five slots like any other.
    expect(checks).toHaveLength(5);
  });
});
