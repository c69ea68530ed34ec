// The admin board's search (issue 15): an order number or phone digits, and a range of days. They
// apply on submit, so typing does not send a request per key; the server checks them and a
// refusal (400, naming the field) shows above the board.
import { useState, type FormEvent } from "react";
import { Button, TextField } from "@/components/ui/index.ts";
import { t } from "@/features/orders/i18n.ts";

export interface OrderSearch {
  q: string;
  from: string;
  to: string;
}

export const NO_SEARCH: OrderSearch = { q: "", from: "", to: "" };

export function OrderSearchForm({ onSearch }: { onSearch: (search: OrderSearch) => void }) {
  const [draft, setDraft] = useState<OrderSearch>(NO_SEARCH);
  const set = (name: keyof OrderSearch) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [name]: event.target.value }));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    onSearch({ q: draft.q.trim(), from: draft.from, to: draft.to });
  }

  function onClear() {
    setDraft(NO_SEARCH);
    onSearch(NO_SEARCH);
  }

  return (
    <form className="order-search" role="search" aria-label={t("orders.search.label")} onSubmit={onSubmit}>
      <div className="order-search__q">
        <TextField
          label={t("orders.search.q")}
          hint={t("orders.search.qHint")}
          type="search"
          inputMode="search"
          autoComplete="off"
          value={draft.q}
          onChange={set("q")}
        />
      </div>
      <TextField label={t("orders.search.from")} type="date" value={draft.from} onChange={set("from")} />
      <TextField label={t("orders.search.to")} type="date" value={draft.to} onChange={set("to")} />
      <div className="order-search__actions">
        <Button type="submit">{t("orders.search.submit")}</Button>
        <Button variant="ghost" onClick={onClear}>
          {t("orders.search.clear")}
        </Button>
      </div>
    </form>
  );
}
