import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServiceLookupGroup } from '@shared';
import { SERVICE_SEARCH_DEBOUNCE_MS } from '@shared/patterns';
import { useDebouncedValue } from '../use-debounced-value';
import { searchServices } from './service-search';

interface Props {
  id: string;
  label: string;
  groups: readonly ServiceLookupGroup[];
  value: number | null;
  onChange: (serviceId: number) => void;
  errorId?: string;
  invalid?: boolean;
  loading?: boolean;
  /** Offered when a search finds nothing: ask for it in the guest's own words (absent: no offer). */
  onSpecialRequest?: (term: string) => void;
}

/**
 * A searchable, grouped service picker (ARIA combobox with a listbox): typing filters
 * after a 300 ms pause (SPEC §9); arrows move, Enter picks, Escape closes.
 */
export function ServiceSelect({ id, label, groups, value, onChange, errorId, invalid, loading, onSpecialRequest }: Props) {
  const { t } = useTranslation();
  const listId = useId();
  const statusId = useId();
  const [open, setOpen] = useState(false);
  const [term, setTerm] = useState('');
  const [active, setActive] = useState(-1);
  // The words that found nothing stay offered after the list closes, so a guest can tab or tap to the offer.
  const [missed, setMissed] = useState('');
  const debounced = useDebouncedValue(term, SERVICE_SEARCH_DEBOUNCE_MS);
  const result = useMemo(() => searchServices(groups, debounced), [groups, debounced]);
  const options = useMemo(() => result.groups.flatMap((g) => g.services), [result]);
  const selected = useMemo(() => groups.flatMap((g) => g.services).find((s) => s.id === value), [groups, value]);

  const openList = () => {
    setOpen(true);
    setActive(-1);
  };
  const close = () => {
    setOpen(false);
    setTerm('');
    setActive(-1);
  };
  const pick = (serviceId: number) => {
    onChange(serviceId);
    setMissed('');
    close();
  };
  const noMatchTerm = result.empty === 'noMatch' ? debounced.trim() : '';
  const offerTerm = onSpecialRequest ? (open ? noMatchTerm : missed) : '';
  const takeOffer = () => {
    onSpecialRequest?.(offerTerm);
    setMissed('');
    close();
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return openList();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (options.length ? (i + step + options.length) % options.length : -1));
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      const option = options[active] ?? (options.length === 1 ? options[0] : undefined);
      if (option) pick(option.id);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    }
  };

  const empty = loading ? t('service.loading') : result.empty === 'noServices' ? t('service.noServicesAvailable') : result.empty === 'noMatch' ? t('service.noServicesFound', { term: debounced.trim() }) : '';
  const activeId = open && options[active] ? `${listId}-${options[active].id}` : undefined;
  const describedBy = [errorId, open && empty ? statusId : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <div className="combo">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeId}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        placeholder={selected ? selected.name : t('service.searchService')}
        value={open ? term : (selected?.name ?? '')}
        onFocus={openList}
        onClick={() => !open && openList()}
        onBlur={() => {
          setMissed(noMatchTerm);
          close();
        }}
        onChange={(e) => {
          setMissed('');
          setTerm(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
      />
      <div id={listId} role="listbox" aria-label={label} className="options" hidden={!open || options.length === 0}>
        {open &&
          result.groups.map((group) => (
            <div key={group.name} role="group" aria-label={group.name}>
              <div className="group-name" aria-hidden="true">
                {group.name}
              </div>
              {group.services.map((service) => {
                const index = options.indexOf(service);
                return (
                  <div
                    key={service.id}
                    id={`${listId}-${service.id}`}
                    role="option"
                    aria-selected={service.id === value}
                    className={index === active ? 'option active' : 'option'}
                    // mousedown would blur the input and close the list before the click lands.
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => pick(service.id)}
                  >
                    {service.name}
                  </div>
                );
              })}
            </div>
          ))}
      </div>
      <p id={statusId} role="status" className="muted empty">
        {open ? empty : ''}
      </p>
      {offerTerm && (
        // mousedown would blur the input first, and the offer would move under the finger.
        <button type="button" className="link" onMouseDown={(e) => e.preventDefault()} onClick={takeOffer}>
          {t('service.askAsSpecial', { term: offerTerm })}
        </button>
      )}
    </div>
  );
}
