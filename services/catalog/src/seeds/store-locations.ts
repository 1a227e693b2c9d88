import type { Location } from '@pl/contracts';
import type { Logger, Pool } from '@pl/service-kit';
import { insertLocationsIfNone } from '../db/locations.repo.js';

/**
 * Demo locations for a fresh database: the warehouse and three stores. main.ts inserts them
 * when the table is empty (seedStoreLocations); real deployments replace them through the admin tools.
 */
export const STORE_LOCATIONS: readonly Location[] = [
  {
    id: 'columbus-warehouse',
    name: 'Columbus Distribution Warehouse',
    type: 'WAREHOUSE',
    address: '2450 Westbelt Drive',
    city: 'Columbus',
    state: 'OH',
    zipCode: '43228',
    phone: '(614) 555-0100',
    email: 'warehouse@professionalliquidation.com',
    hours: 'Mon–Fri 8:00 AM – 6:00 PM, Sat 9:00 AM – 4:00 PM, Sun closed',
    notes: 'Pickup counter for online orders only. Bring a valid photo ID and your order confirmation; large items are loaded at Dock 3.',
  },
  {
    id: 'downtown-columbus',
    name: 'Downtown Columbus Store',
    type: 'STORE',
    address: '185 North High Street',
    city: 'Columbus',
    state: 'OH',
    zipCode: '43215',
    phone: '(614) 555-0142',
    email: 'downtown@professionalliquidation.com',
    hours: 'Mon–Fri 8:00 AM – 6:00 PM, Sat 9:00 AM – 4:00 PM, Sun closed',
    notes: 'Open-box electronics showroom with a test bench. Metered street parking on High Street.',
  },
  {
    id: 'dublin',
    name: 'Dublin Store',
    type: 'STORE',
    address: '6700 Perimeter Loop Road',
    city: 'Dublin',
    state: 'OH',
    zipCode: '43017',
    phone: '(614) 555-0177',
    email: 'dublin@professionalliquidation.com',
    hours: 'Mon–Fri 8:00 AM – 6:00 PM, Sat 9:00 AM – 4:00 PM, Sun closed',
    notes: 'Largest floor for furniture, appliances and home & garden. Free parking in front of the store.',
  },
  {
    id: 'westerville',
    name: 'Westerville Store',
    type: 'STORE',
    address: '45 South State Street',
    city: 'Westerville',
    state: 'OH',
    zipCode: '43081',
    phone: '(614) 555-0193',
    email: 'westerville@professionalliquidation.com',
    hours: 'Mon–Fri 8:00 AM – 6:00 PM, Sat 9:00 AM – 4:00 PM, Sun closed',
    notes: 'Gaming, mobile devices and sporting goods. Same-day pickup for orders placed before 2 PM.',
  },
];

/** The catalog's afterMigrations step: seeds the demo locations into an empty table. */
export async function seedStoreLocations(pool: Pool, logger: Logger): Promise<void> {
  const seeded = await insertLocationsIfNone(pool, STORE_LOCATIONS);
  if (seeded > 0) logger.info({ locations: seeded }, 'seeded demo store locations');
}
