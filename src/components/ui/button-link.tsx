// A router link that looks like a button. Not in the ui barrel (./index.ts): it brings the router,
// and the checkout (an app of its own, without one) uses the barrel.
import { Link, type LinkProps } from "react-router-dom";
import { buttonClass, type StyleProps } from "./button.tsx";

export function ButtonLink({ variant, size, block, className, ...rest }: LinkProps & StyleProps) {
  return <Link {...rest} className={buttonClass({ variant, size, block }, className)} />;
}
