import { z } from 'zod';

/** A price on the wire: a decimal string with two places, e.g. "19.99" (money is integer cents inside). */
export const DecimalString = z.string().regex(/^\d+\.\d{2}$/);

export const ConditionGrades = ['NEW_IN_BOX', 'OPEN_BOX', 'LIGHTLY_USED', 'USED', 'FOR_PARTS'] as const;
export const ConditionGrade = z.enum(ConditionGrades);
export type ConditionGrade = z.infer<typeof ConditionGrade>;

export const CategoryIds = [
  'electronics',
  'mobile-devices',
  'home-garden',
  'automotive',
  'gaming',
  'sports-outdoors',
  'clothing',
  'general',
] as const;
export const CategoryId = z.enum(CategoryIds);
export type CategoryId = z.infer<typeof CategoryId>;

export const InventoryLevel = z.object({
  locationId: z.string(),
  onHand: z.number().int(),
  reserved: z.number().int(),
});
export type InventoryLevel = z.infer<typeof InventoryLevel>;

export const Variant = z.object({
  id: z.string(),
  sku: z.string(),
  price: DecimalString,
  compareAtPrice: DecimalString.nullable().optional(),
  inventoryLevels: z.array(InventoryLevel),
  totalOnHand: z.number().int(),
  totalReserved: z.number().int(),
  totalAvailable: z.number().int(),
});
export type Variant = z.infer<typeof Variant>;

export const Product = z.object({
  id: z.string(),
  title: z.string(),
  brand: z.string().nullable(),
  description: z.string().nullable(),
  images: z.array(z.string()),
  conditionGrade: z.string(),
  conditionNotes: z.string().nullable(),
  oneOfAKind: z.boolean(),
  category: z.string().optional(),
  currentPrice: DecimalString.nullable(),
  originalPrice: DecimalString.nullable(),
  variants: z.array(Variant),
});
export type Product = z.infer<typeof Product>;

export const ProductList = z.object({ data: z.array(Product), nextCursor: z.string().nullable().optional() });
export type ProductList = z.infer<typeof ProductList>;

export const CategoryCount = z.object({ category: z.string(), count: z.number().int() });
export type CategoryCount = z.infer<typeof CategoryCount>;

export const Location = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  hours: z.string().nullable(),
  notes: z.string().nullable(),
});
export type Location = z.infer<typeof Location>;

export const AdminInventoryEntry = z.object({ product: Product.omit({ variants: true }), variants: z.array(Variant) });
export type AdminInventoryEntry = z.infer<typeof AdminInventoryEntry>;

/** GET /api/categories/counts and GET /api/locations answer with plain arrays. */
export const CategoryCountList = z.array(CategoryCount);
export const LocationList = z.array(Location);
/** GET /api/admin/inventory answers with a plain array. */
export const AdminInventoryList = z.array(AdminInventoryEntry);
