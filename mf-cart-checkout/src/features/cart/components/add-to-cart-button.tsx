import { Button } from '@pl/ui';
import { useAddCartLine } from '../api/add-cart-line.js';

/** The public contract of the fragment other teams render (catalog product cards and pages). */
export interface AddToCartButtonProps {
  sku: string;
  title: string;
  available: number;
  oneOfAKind: boolean;
}

/** Adds one of the variant to the cart; disabled when sold out or while adding (spec §4). */
export function AddToCartButton({ sku, title, available, oneOfAKind }: AddToCartButtonProps) {
  const add = useAddCartLine({ title, oneOfAKind });
  const soldOut = available <= 0;
  return (
    <Button
      className="cc-add-to-cart"
      disabled={soldOut || add.isPending}
      onClick={() => add.mutate(sku)}
      data-sku={sku}
    >
      {add.isPending ? 'Adding...' : soldOut ? 'Sold Out' : 'Add to Cart'}
    </Button>
  );
}
