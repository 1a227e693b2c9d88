// What the open cart panel shows (the lines, their controls, totals) is no part of a page's first
// view: it arrives when the panel first opens, asked for as soon as a pointer or the keyboard
// reaches a button that opens it. Apart from the panel, so those buttons' chunks do not carry it.

/** The panel's content module (cart-panel-content.tsx). */
export const loadCartPanelContent = () => import(/* webpackChunkName: "cart-panel-content" */ './cart-panel-content.js');

/** Fetches the panel's content ahead of its first opening (a pointer or focus on a button that opens it). */
export const preloadCartPanel = () => void loadCartPanelContent().catch(() => undefined);
