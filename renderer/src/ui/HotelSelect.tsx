import { Select, type SelectProps } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import type { Lookup } from '@shared';
import { useLookup } from '../api/use-lookups';

type HotelSelectProps = {
  value: string;
  onChange(hotelId: string): void;
  /** The hotels a screen already holds (its form's select data); without them the select reads them itself. */
  hotels?: readonly Lookup[];
  children?: ReactNode;
} & Omit<SelectProps, 'value' | 'onChange' | 'children'>;

/**
 * The one hotel picker: a select of the hotels the caller may see (`useLookup('hotels')`, the cache the
 * forms and list filters share), each by its id. `children` are the choices before the hotels (an empty
 * one, all hotels, the whole chain).
 */
export function HotelSelect({ value, onChange, hotels: given, children, ...rest }: HotelSelectProps) {
  const read = useLookup('hotels', { enabled: !given });
  const hotels = given ?? read;
  return (
    <Select value={value} onChange={(_, d) => onChange(d.value)} {...rest}>
      {children}
      {hotels.map((h) => (
        <option key={h.id} value={String(h.id)}>
          {h.name}
        </option>
      ))}
    </Select>
  );
}
