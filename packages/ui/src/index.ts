// @pl/ui: the shop's design system and the few browser-side helpers every team shares (toasts,
// cross-team DOM events, the API client, remote slots). Shared as a Module Federation singleton.
// Its stylesheet (`@pl/ui/styles.css`) is applied by the page, not by this module: as part of the
// shared module it was built into two identical files (the provided module's and its fallback's),
// both downloaded and applied. The shell imports it; a remote running alone, its standalone harness.

export { cx } from './class-names.js';
export * from './router.js';
export { Button, buttonClass, type ButtonProps, type ButtonVariant, type ButtonSize } from './button.js';
export { Badge, type BadgeProps, type BadgeVariant, type BadgeTone } from './badge.js';
export { ConditionBadge } from './condition-badge.js';
export { conditionGrades, conditionGradeInfo, conditionBadgeLook, type ConditionGradeInfo, type ConditionBadgeLook } from './condition-grades.js';
export { Card, CardHeader, CardTitle, CardDescription, CardContent, CardFooter } from './card.js';
export { Input } from './input.js';
export { Label } from './label.js';
export { FormField, type FormFieldProps } from './form-field.js';
export { Select } from './select.js';
export { Checkbox, type CheckboxProps } from './checkbox.js';
export { Skeleton } from './skeleton.js';
export { Dialog, type DialogProps } from './dialog.js';
export { formatPrice } from './format-price.js';
export { Totals, type TotalsProps } from './totals.js';
export { RefundList, type RefundListProps } from './refund-list.js';
export { emitDomEvent, useDomEvent, type DomEventName } from './dom-events.js';
export { toast } from './toast.js';
export { Toaster, TOAST_REGION_LABEL } from './toaster.js';
export { TOAST_DEFAULT_DURATION_MS, TOAST_LIMIT, TOAST_SWIPE_THRESHOLD_PX } from './toast-queue.js';
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
  serverMessage,
  type HttpMethod,
  type ApiRequestOptions,
  type UnauthorizedBehavior,
} from './api-client.js';
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
} from './remote-slot.js';
export { useRealtimeStatus, type RealtimeStatus } from './realtime-status.js';
export { teamCache, keepTeamFresh, useTeamFreshness, coalescedRefresh, INVENTORY_REFRESH_DELAY_MS, type TeamCache, type FreshnessRules } from './team-cache.js';
