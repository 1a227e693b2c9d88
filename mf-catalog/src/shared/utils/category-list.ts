import type { CategoryId } from '@pl/contracts';

/** The shop's eight fixed categories (spec §2), in display order. */
export const categories: ReadonlyArray<{ id: CategoryId; name: string; description: string }> = [
  { id: 'electronics', name: 'Electronics', description: 'TVs, audio, cameras, computers and accessories.' },
  { id: 'mobile-devices', name: 'Mobile Devices', description: 'Phones, tablets, smartwatches and wearables.' },
  { id: 'home-garden', name: 'Home & Garden', description: 'Appliances, furniture, tools and outdoor living.' },
  { id: 'automotive', name: 'Automotive', description: 'Car electronics, parts, tools and accessories.' },
  { id: 'gaming', name: 'Gaming', description: 'Consoles, games, controllers and gaming gear.' },
  { id: 'sports-outdoors', name: 'Sports & Outdoors', description: 'Fitness equipment, bikes, camping and sporting goods.' },
  { id: 'clothing', name: 'Clothing', description: 'Apparel, shoes and accessories for everyone.' },
  { id: 'general', name: 'General', description: 'Everything else: household goods, toys, office and more.' },
];
