// The design system: every screen builds from these. ButtonLink lives in ./button-link.tsx,
// outside this barrel, because it brings the router.
export { Alert, type AlertTone } from "./alert.tsx";
export { Badge, type BadgeTone } from "./badge.tsx";
export { Button, type ButtonSize, type ButtonVariant } from "./button.tsx";
export { Card } from "./card.tsx";
export { CopyButton } from "./copy-button.tsx";
export { DetailsList, type Detail } from "./details-list.tsx";
export { EmptyState } from "./empty-state.tsx";
export { Icon, type IconName } from "./icon.tsx";
export { FilterGroup, type FilterOption } from "./filter-group.tsx";
export { SelectField, TextAreaField, TextField, type TextFieldProps } from "./form-field.tsx";
export { Modal } from "./modal.tsx";
export { ProductImage } from "./product-image.tsx";
export { RetryAlert } from "./retry-alert.tsx";
export { LanguageSwitch } from "./language-switch.tsx";
export { LiveIndicator } from "./live-indicator.tsx";
export { LoadMore } from "./load-more.tsx";
export { LoadingState, Spinner } from "./spinner.tsx";
export { Switch } from "./switch.tsx";
export { Tabs, type TabItem } from "./tabs.tsx";
export { ToastProvider, useToast, type ToastTone } from "./toast.tsx";
