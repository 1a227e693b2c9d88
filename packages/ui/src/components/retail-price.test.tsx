import { renderToStaticMarkup } from 'react-dom/server';
import { RetailPrice } from './retail-price.js';

describe('RetailPrice', () => {
  it("reads 'Retail $X' with the amount struck through, from a decimal string or cents", () => {
    for (const amount of ['1299.00', 129900]) {
      const html = renderToStaticMarkup(<RetailPrice amount={amount} className="cat-card__retail" />);
      expect(html).toBe('<span class="pl-retail cat-card__retail" data-retail-price=""><span class="pl-retail__label">Retail</span> <s class="pl-price--compare">$1,299.00</s></span>');
    }
  });

  it("never calls it a former price ('Was'): the shop never charged it", () => {
    expect(renderToStaticMarkup(<RetailPrice amount="10.00" />)).not.toMatch(/was/i);
  });
});
