// A row of toggle buttons choosing one filter, each with an optional count.
import { cx } from "@/lib/class-names.ts";
import { formatCount } from "@/lib/format.ts";

export interface FilterOption<V extends string> {
  value: V;
  label: string;
  count?: number;
}

interface FilterGroupProps<V extends string> {
  label: string;
  options: readonly FilterOption<V>[];
  value: V;
  onChange: (value: V) => void;
  /** Read before each option by assistive technology only, to tell two filter rows apart. */
  optionPrefix?: string;
}

export function FilterGroup<V extends string>({ label, options, value, onChange, optionPrefix }: FilterGroupProps<V>) {
  return (
    <div className="filter-group" role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className={cx("filter-group__option", option.value === value && "is-active")}
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
        >
          {optionPrefix && <span className="visually-hidden">{optionPrefix} </span>}
          {option.label}
          {option.count !== undefined && (
            <>
              {" "}
              <span className="filter-group__count">({formatCount(option.count)})</span>
            </>
          )}
        </button>
      ))}
    </div>
  );
}
