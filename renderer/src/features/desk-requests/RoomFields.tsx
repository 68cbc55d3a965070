import { Combobox, Dropdown, Field, Option } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNewRequestStyles } from './new-request-styles';
import type { NewRequestForm } from './use-new-request-form';

/** The hotel and the room the request is for. */
export function RoomFields({ desk }: { desk: NewRequestForm }) {
  const { t } = useTranslation();
  const styles = useNewRequestStyles();
  const { form, set, hotels, typedRoom, room, roomOptions, problems, fieldProblem, required, listProps } = desk;
  return (
    <div className={styles.row}>
      <Field label={t('desk.hotel')} required validationMessage={required(problems.hotel) ?? fieldProblem('hotelId')}>
        <Dropdown
          value={hotels.find((h) => h.id === form.hotelId)?.name ?? ''}
          selectedOptions={form.hotelId ? [String(form.hotelId)] : []}
          onOptionSelect={(_, d) => set({ hotelId: Number(d.optionValue), roomText: '' })}
          data-testid="new-request-hotel"
        >
          {hotels.map((h) => (
            <Option key={h.id} value={String(h.id)}>
              {h.name}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field
        label={t('desk.room')}
        required
        validationMessage={fieldProblem('roomId') ?? (form.tried && typedRoom && !room ? t('desk.roomUnknown', { number: typedRoom }) : required(problems.room))}
      >
        {/* Typing the number finds the room; a number typed in full is taken without picking it. */}
        <Combobox
          freeform
          className={styles.ltr}
          disabled={!form.hotelId}
          placeholder={t('desk.roomPlaceholder')}
          value={form.roomText}
          selectedOptions={room ? [String(room.id)] : []}
          {...listProps('room')}
          onChange={(e) => {
            set({ roomText: e.target.value });
            desk.setOpenList('room');
          }}
          onOptionSelect={(_, d) => d.optionText !== undefined && set({ roomText: d.optionText })}
          data-testid="new-request-room"
        >
          {roomOptions.map((r) => (
            <Option key={r.id} value={String(r.id)}>
              {r.number}
            </Option>
          ))}
        </Combobox>
      </Field>
    </div>
  );
}
