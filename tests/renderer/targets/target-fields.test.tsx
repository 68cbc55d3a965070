import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Service } from '@shared';
import { service } from '../../../renderer/src/features/basic-data/entities/linked';
import { hotel, serviceGroup } from '../../../renderer/src/features/basic-data/entities/simple';
import { EntityForm } from '../../../renderer/src/features/basic-data/screen/EntityForm';
import { type FieldSpec, type FormValues, toBody, toValues } from '../../../renderer/src/features/basic-data/screen/types';
import { i18next } from '../../../renderer/src/i18n';
import { renderInApp } from '../render-app';

afterEach(cleanup);

/** The form as a screen holds it: its values live in the parent. */
function Harness({ fields, initial, onSubmit, mode = 'create' }: { fields: FieldSpec[]; initial: FormValues; onSubmit(values: FormValues): Promise<void>; mode?: 'create' | 'edit' }) {
  const [values, setValues] = useState(initial);
  return <EntityForm fields={fields} values={values} onChange={setValues} onSubmit={onSubmit} lookups={{}} mode={mode} submitLabel="Save" />;
}

const filledService = { serviceCode: 'IRN', nameEn: 'Ironing', nameAr: 'كوي', serviceGroupId: '1', departmentId: '2', acknowledgeMinutes: '', completeMinutes: '' };
const type = (name: RegExp, value: string) => fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });
const save = (label = 'Save') => fireEvent.submit(screen.getByRole('button', { name: label }).closest('form')!);

describe('Target minutes on the Service, Service Group and Hotel forms', () => {
  it('offers two optional minute fields with a hint saying an empty one inherits', () => {
    for (const [fields, hint] of [
      [service.fields, "Optional. Empty: the service group's target applies, else the hotel's."],
      [serviceGroup.fields, "Optional. Empty: the hotel's target applies to services that set none."],
      [hotel.fields, 'Optional. The default of last resort; empty: no target unless a service or its group sets one.'],
    ] as const) {
      renderInApp(<Harness fields={fields} initial={toValues(fields)} onSubmit={async () => undefined} />);
      const ack = screen.getByRole('textbox', { name: 'Minutes to acknowledge' });
      const complete = screen.getByRole('textbox', { name: 'Minutes to complete' });
      expect(ack.hasAttribute('required')).toBe(false);
      expect(complete.hasAttribute('required')).toBe(false);
      expect(ack.getAttribute('inputmode')).toBe('numeric');
      expect(screen.getByText(hint)).toBeTruthy();
      cleanup();
    }
  });

  it('refuses a value that is not whole minutes from 1 to a week, says why, and sends nothing', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderInApp(<Harness fields={service.fields} initial={filledService} onSubmit={onSubmit} />);
    for (const [value, message] of [
      ['2.5', 'Enter a whole number of minutes (for example 15), or leave it empty'],
      ['soon', 'Enter a whole number of minutes (for example 15), or leave it empty'],
      ['0', 'Enter from 1 to 10080 minutes (a week), or leave it empty'],
      ['-5', 'Enter from 1 to 10080 minutes (a week), or leave it empty'],
      ['10081', 'Enter from 1 to 10080 minutes (a week), or leave it empty'],
    ]) {
      type(/Minutes to complete/, value);
      save();
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(onSubmit).not.toHaveBeenCalled();
    // Typing again clears the message; good values go as numbers, an empty one as null.
    type(/Minutes to complete/, '45');
    expect(screen.queryByText(/or leave it empty/)).toBeNull();
    type(/Minutes to acknowledge/, '10');
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const sent = onSubmit.mock.calls[0] as unknown as [FormValues];
    expect(toBody(service.fields, sent[0])).toMatchObject({ acknowledgeMinutes: 10, completeMinutes: 45 });
    expect(toBody(service.fields, { ...sent[0], acknowledgeMinutes: '' })).toMatchObject({ acknowledgeMinutes: null, completeMinutes: 45 });
  });

  it('speaks Arabic and takes Arabic-Indic digits', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderInApp(<Harness fields={serviceGroup.fields} initial={{ serviceGroupCode: 'HK', nameEn: 'Housekeeping', nameAr: 'التدبير', acknowledgeMinutes: '', completeMinutes: '' }} onSubmit={onSubmit} />, 'ar');
    expect(screen.getByText('اختياري. إذا تُرك فارغًا يُطبَّق هدف الفندق على الخدمات التي لم تحدد هدفًا.')).toBeTruthy();
    type(/دقائق الإنجاز/, '٢٫٥');
    save();
    expect(await screen.findByText('أدخل عددًا صحيحًا من الدقائق (مثل 15)، أو اتركه فارغًا')).toBeTruthy();
    type(/دقائق الإنجاز/, '٠');
    save();
    expect(await screen.findByText('أدخل من 1 إلى 10080 دقيقة (أسبوع)، أو اتركه فارغًا')).toBeTruthy();
    type(/دقائق الإنجاز/, '٣٠');
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const sent = onSubmit.mock.calls[0] as unknown as [FormValues];
    expect(toBody(serviceGroup.fields, sent[0])).toMatchObject({ acknowledgeMinutes: null, completeMinutes: 30 });
  });

  it('opens an edit with the stored targets and shows them as list columns (and so in the export)', () => {
    const row = { id: 7, ...filledService, serviceGroupId: 1, departmentId: 2, acknowledgeMinutes: 5, completeMinutes: null } as unknown as Service;
    renderInApp(<Harness fields={service.fields} initial={toValues(service.fields, row as unknown as Record<string, unknown>)} onSubmit={async () => undefined} mode="edit" />);
    expect((screen.getByRole('textbox', { name: 'Minutes to acknowledge' }) as HTMLInputElement).value).toBe('5');
    expect((screen.getByRole('textbox', { name: 'Minutes to complete' }) as HTMLInputElement).value).toBe('');
    const columns = service.columns(i18next.t, 'en', {});
    expect(columns.map((c) => c.header)).toEqual(expect.arrayContaining(['Acknowledge (min)', 'Complete (min)']));
    expect(columns.find((c) => c.id === 'acknowledgeMinutes')!.value(row)).toBe(5);
    expect(serviceGroup.columns(i18next.t, 'en', {}).map((c) => c.id)).toEqual(['serviceGroupCode', 'nameEn', 'nameAr', 'acknowledgeMinutes', 'completeMinutes', 'createdAt']);
    expect(hotel.columns(i18next.getFixedT('ar'), 'ar', {}).map((c) => c.header)).toEqual(expect.arrayContaining(['الاستلام (دقيقة)', 'الإنجاز (دقيقة)']));
  });
});
