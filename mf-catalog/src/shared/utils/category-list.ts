// The shop's eight fixed categories (spec §2), in display order: contracts' CATEGORIES, which the
// catalog also titles a category page's first HTML with (decision 073).
export { CATEGORIES as categories } from '@pl/contracts';
