import { remoteRsbuildConfig } from '@pl/ui/federation';
import federation from './module-federation.config';

export default remoteRsbuildConfig({ app: 'mf-cart-checkout', port: Number(process.env.MF_CART_CHECKOUT_PORT ?? 5202), federation });
