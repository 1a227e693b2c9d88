// @pl/ui: the shop's design system (components/) and the browser runtime every team shares
// (runtime/: toasts, cross-team DOM events, the API client, remote slots, each team's cache rules).
// Shared as a Module Federation singleton, so it stays one entry: a subpath would be bundled into
// each app and its state (the remote host, the page's first write) no longer one per page. The
// remotes' build settings are apart, in build/ (`@pl/ui/federation`), and never reach a browser.
// Its stylesheet (`@pl/ui/styles.css`) is applied by the page, not by this module: as part of the
// shared module it was built into two identical files (the provided module's and its fallback's),
// both downloaded and applied. The shell imports it; a remote running alone, its standalone harness.

export { cx } from './components/class-names.js';
export * from './runtime/router.js';
export * from './runtime/query.js';
export { Button, buttonClass, type ButtonProps, type ButtonVariant, type ButtonSize } from './components/button.js';
export { Badge, type BadgeProps, type BadgeVariant, type BadgeTone } from './components/badge.js';
export { ConditionBadge } from './components/condition-badge.js';
export { conditionGrades, conditionGradeInfo, conditionBadgeLook, type ConditionGradeInfo, type ConditionBadgeLook } from './components/condition-grades.js';
export { Card, CardHeader, CardTitle, CardDescription, CardContent, CardFooter } from './components/card.js';
export { Input } from './components/input.js';
export { Label } from './components/label.js';
export { FormField, type FormFieldProps } from './components/form-field.js';
export { Select } from './components/select.js';
export { Checkbox, type CheckboxProps } from './components/checkbox.js';
export { Skeleton } from './components/skeleton.js';
export { Dialog, type DialogProps } from './components/dialog.js';
export { formatPrice } from './components/format-price.js';
export { RetailPrice } from './components/retail-price.js';
export { Totals, type TotalsProps } from './components/totals.js';
export { RefundList, type RefundListProps } from './components/refund-list.js';
export { emitDomEvent, useDomEvent, type DomEventName } from './runtime/dom-events.js';
export { usePageTitle } from './runtime/page-title.js';
export { toast } from './runtime/toast.js';
export { Toaster, TOAST_REGION_LABEL } from './components/toaster.js';
export { TOAST_DEFAULT_DURATION_MS, TOAST_LIMIT, TOAST_SWIPE_THRESHOLD_PX } from './runtime/toast-queue.js';
export {
  apiRequest,
  apiJson,
  throwIfResNotOk,
  getQueryFn,
  createQueryClient,
  errorStatus,
  errorCode,
  ApiError,
  isApiError,
  readJson,
  retryWhileUnavailable,
  serverMessage,
  type HttpMethod,
  type ApiRequestOptions,
  type UnauthorizedBehavior,
} from './runtime/api-client.js';
export {
  RemoteSlot,
  RemoteUnavailable,
  markFirstViewShown,
  preloadRemote,
  provideRemoteHost,
  retryRemote,
  remoteNameOf,
  REMOTE_UNAVAILABLE_MESSAGE,
  type RemoteHost,
  type RemoteModule,
  type RemoteComponent,
  type RemoteSlotProps,
} from './runtime/remote-slot.js';
export { firstViewAnswerOf } from './runtime/first-view.js';
export { useRealtimeStatus, type RealtimeStatus } from './runtime/realtime-status.js';
export { teamCache, keepTeamFresh, useTeamFreshness, coalescedRefresh, refetchAfterFetches, INVENTORY_REFRESH_DELAY_MS, type TeamCache, type FreshnessRules } from './runtime/team-cache.js';
