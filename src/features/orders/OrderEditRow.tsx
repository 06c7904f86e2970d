import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkEdit, editableFields, editInput, initialEditInputs, modifyFields, trailingByPercent, type EditField, type EditInputs, type EditIssue } from '../../domain/orderEdit';
import type { ModifyFields, Order } from '../../data/orders';
import { toastStore } from '../../data/toasts';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import type { NumberCell } from './orderColumns';
import { useEditContext } from '../../data/editContext';

interface OrderEditCellsProps {
  /** the row's place in the list, and the list window's measure (see OrderRow) */
  index: number;
  measure?: (row: HTMLTableRowElement | null) => void;
  order: Order;
  /** the row's number cells as shown; the editable ones become inputs */
  cells: readonly NumberCell[];
  /** the row's cells before the editable ones (pair, time, side, type) */
  lead: React.ReactNode;
  /** the filled and status cells, unchanged while editing */
  tail: React.ReactNode;
  onSubmit: (fields: ModifyFields) => void;
  onDone: () => void;
}

/**
 * An open order's row while the trader edits it (spec 2 §4 edit flow): the
 * fields it may change become inputs in their own cells; Enter or Confirm
 * runs the edit checks (the first refusal is a toast and marks its field),
 * asks in a dialog when a hint applies, then sends; Escape or Discard leaves
 * the row as it was.
 */
export function OrderEditRow({ index, measure, order, cells, lead, tail, onSubmit, onDone }: OrderEditCellsProps) {
  const { t } = useTranslation('trade');
  const rules = useEditContext(order.symbolId);
  const [inputs, setInputs] = useState<EditInputs>(() => initialEditInputs(order));
  const [invalid, setInvalid] = useState<EditField | null>(null);
  const [hints, setHints] = useState<EditIssue[]>([]);
  const fields = editableFields(order);
  const row = useRef<HTMLTableRowElement>(null);
  // The Edit button that opened this row is gone: focus goes to the first field, so the keyboard carries on here.
  useEffect(() => row.current?.querySelector('input')?.focus(), []);

  const send = () => {
    setHints([]);
    onSubmit(modifyFields(order, inputs));
    onDone();
  };
  const confirm = () => {
    if (!rules) return;
    const check = checkEdit(order, inputs, rules.ctx);
    const first = check.errors[0];
    if (first) {
      setInvalid(first.field);
      toastStore.show(t(first.key, first.params ?? {}), 'error');
      return;
    }
    setInvalid(null);
    if (check.hints.length) setHints(check.hints);
    else send();
  };
  const keys = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      if (!event.repeat) confirm();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onDone();
    }
  };

  const input = (field: EditField, label: string) => {
    // A trailing percentage takes two decimals (0.1 %–20 %); prices and a trailing value the tick's.
    const percent = field === 'trailing' && trailingByPercent(order);
    const decimals = field === 'qty' ? (rules?.qtyDecimals ?? 8) : percent ? 2 : (rules?.priceDecimals ?? 8);
    return (
      <input
        className="orders__edit-input num"
        inputMode="decimal"
        autoComplete="off"
        dir="ltr"
        aria-label={t('newFieldLabel', { field: label })}
        aria-invalid={invalid === field || undefined}
        value={inputs[field]}
        onChange={(e) => setInputs((current) => editInput(current, field, e.target.value, decimals))}
        onKeyDown={keys}
      />
    );
  };

  return (
    <tr
      ref={(el) => {
        row.current = el;
        measure?.(el);
      }}
      data-index={index}
      aria-rowindex={index + 2}
      data-order-id={order.orderId}
      className="orders__row--editing"
    >
      {lead}
      {cells.map((c) => (
        <td key={c.header} dir="ltr" className="orders__num">
          {c.field && fields.includes(c.field) ? input(c.field, t(c.header)) : c.text}
        </td>
      ))}
      {tail}
      <td className="orders__action-cell">
        <div className="orders__actions">
          <Button variant="primary" className="orders__cancel" disabled={!rules} onClick={confirm}>{t('confirmEdit')}</Button>
          <Button variant="ghost" className="orders__cancel" onClick={onDone}>{t('discardEdit')}</Button>
        </div>
        <Dialog
          open={hints.length > 0}
          title={t('modifyHintTitle')}
          onClose={() => setHints([])}
          actions={
            <>
              <Button onClick={() => setHints([])}>{t('keepEditing')}</Button>
              <Button variant="primary" onClick={send}>{t('modifyAnyway')}</Button>
            </>
          }
        >
          {hints.map((h) => <p key={h.key}>{t(h.key, h.params ?? {})}</p>)}
        </Dialog>
      </td>
    </tr>
  );
}
