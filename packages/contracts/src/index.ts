// Wire contracts shared by every team: HTTP paths, payload schemas, NATS subjects, DOM-event names.
// Only what crosses a process or team boundary lives here; domain rules stay in the owning service.
export * from './http.js';
export * from './errors.js';
export * from './auth.js';
export * from './catalog.js';
export * from './catalog-values.js';
export * from './intake.js';
export * from './intake-values.js';
export * from './manifests.js';
export * from './manifests-values.js';
export * from './markdowns.js';
export * from './cart.js';
export * from './cart-values.js';
export * from './identity.js';
export * from './pos.js';
export * from './audit.js';
export * from './reports.js';
export * from './events.js';
export * from './events-values.js';
export * from './dom-events.js';
export * from './remotes.js';
export * from './remotes-config.js';
export * from './money.js';
export * from './catalog-internal.js';
export * from './remote-contract.js';
export * from './text.js';
export * from './text-values.js';
