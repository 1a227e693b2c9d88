// The shop's display of money lives with the wire's encoding (contracts money.ts), so a server that
// writes a page's title formats a price exactly as the browser does.
export { formatPrice } from '@pl/contracts';
