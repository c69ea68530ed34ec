/** Joins the truthy class names: cx("btn", active && "is-active") -> "btn is-active". */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(" ");
}
