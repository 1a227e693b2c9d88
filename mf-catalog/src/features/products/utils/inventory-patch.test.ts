import { type InfiniteData } from '@pl/ui';
import type { ProductList } from '@pl/contracts';
import { buildProduct, buildVariant } from '../testing/build-product';
import { applyInventoryUpdate, patchProductStock } from './inventory-patch';

const change = { variantId: 'v2', sku: 'SKU-2', onHand: 4, reserved: 3, available: 1 };
const product = buildProduct({
  id: 'p1',
  variants: [buildVariant({ id: 'v1', sku: 'SKU-1' }), buildVariant({ id: 'v2', sku: 'SKU-2', totalAvailable: 4 })],
});
const other = buildProduct({ id: 'p2', variants: [buildVariant({ id: 'v9', sku: 'SKU-9' })] });

describe('patchProductStock', () => {
  it("sets the changed variant's totals from the event and leaves the other variants alone", () => {
    const patched = patchProductStock(product, change)!;
    expect(patched.variants[1]).toMatchObject({ totalOnHand: 4, totalReserved: 3, totalAvailable: 1 });
    expect(patched.variants[0]).toBe(product.variants[0]);
  });

  it('finds the variant by sku when the id differs', () => {
    expect(patchProductStock(product, { ...change, variantId: 'other' })?.variants[1]?.totalAvailable).toBe(1);
  });

  it('reports no change for another product or for totals it already has', () => {
    expect(patchProductStock(other, change)).toBeUndefined();
    const current = patchProductStock(product, change)!;
    expect(patchProductStock(current, change)).toBeUndefined();
  });
});

describe('applyInventoryUpdate', () => {
  it('patches a product list and keeps untouched products as they were', () => {
    const list: ProductList = { data: [other, product], nextCursor: 'abc' };
    const patched = applyInventoryUpdate(list, change)!;
    expect(patched.data[0]).toBe(other);
    expect(patched.data[1]?.variants[1]?.totalAvailable).toBe(1);
    expect(patched.nextCursor).toBe('abc');
  });

  it('patches every loaded page of the products page without dropping any', () => {
    const pages: InfiniteData<ProductList, string | undefined> = {
      pages: [{ data: [other], nextCursor: 'c1' }, { data: [product], nextCursor: null }],
      pageParams: [undefined, 'c1'],
    };
    const patched = applyInventoryUpdate(pages, change)!;
    expect(patched.pages).toHaveLength(2);
    expect(patched.pages[0]).toBe(pages.pages[0]);
    expect(patched.pages[1]?.data[0]?.variants[1]?.totalAvailable).toBe(1);
    expect(patched.pageParams).toEqual([undefined, 'c1']);
  });

  it('patches a single product (the product page)', () => {
    expect(applyInventoryUpdate(product, change)?.variants[1]?.totalReserved).toBe(3);
  });

  it('leaves data it does not recognise, or that the event does not touch, unchanged', () => {
    expect(applyInventoryUpdate(undefined, change)).toBeUndefined();
    expect(applyInventoryUpdate([{ category: 'gaming', count: 3 }], change)).toBeUndefined();
    expect(applyInventoryUpdate({ data: [other] }, change)).toBeUndefined();
  });
});
