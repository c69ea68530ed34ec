import type { ReactNode } from "react";

interface AuthPanelProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}

/** The centred card that frames the sign-in and sign-up screens. */
export function AuthPanel({ title, subtitle, children, footer }: AuthPanelProps) {
  return (
    <div className="auth-page">
      <div className="auth-panel card">
        <h1 className="auth-panel__title">{title}</h1>
        {subtitle && <p className="auth-panel__subtitle">{subtitle}</p>}
        {children}
        {footer && <p className="auth-panel__footer">{footer}</p>}
      </div>
    </div>
  );
}
