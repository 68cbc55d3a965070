import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Service } from '@shared';
import { service } from '../../../renderer/src/features/basic-data/entities/linked';
import { EntityForm } from '../../../renderer/src/features/basic-data/screen/EntityForm';
import { type FormValues, toBody, toValues } from '../../../renderer/src/features/basic-data/screen/types';
import { i18next } from '../../../renderer/src/i18n';
import { exportSheet } from '../../../renderer/src/table/export-columns';
import { renderInApp } from '../render-app';

afterEach(cleanup);

function Harness({ initial, onSubmit }: { initial: FormValues; onSubmit(values: FormValues): Promise<void> }) {
  const [values, setValues] = useState(initial);
  return <EntityForm fields={service.fields} values={values} onChange={setValues} onSubmit={onSubmit} lookups={{}} mode="create" submitLabel="Save" />;
}

const filled = { ...toValues(service.fields), serviceCode: 'AC', nameEn: 'Air conditioning repair', nameAr: 'إصلاح التكييف', serviceGroupId: '1', departmentId: '2' };

describe('Services screen: search words', () => {
  it('offers two optional fields, says what they are for, and sends what is typed', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderInApp(<Harness initial={filled} onSubmit={onSubmit} />);
    const en = screen.getByRole('textbox', { name: 'Search words (English)' });
    const ar = screen.getByRole('textbox', { name: 'Search words (Arabic)' });
    expect(en.hasAttribute('required') || ar.hasAttribute('required')).toBe(false);
    expect(screen.getByText(/Other words guests may search by/)).toBeTruthy();
    fireEvent.change(en, { target: { value: 'AC, air conditioner' } });
    fireEvent.change(ar, { target: { value: 'مكيف، تبريد' } });
    fireEvent.submit(screen.getByRole('button', { name: 'Save' }).closest('form')!);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const [values] = onSubmit.mock.calls[0] as unknown as [FormValues];
    expect(toBody(service.fields, values)).toMatchObject({ searchWordsEn: 'AC, air conditioner', searchWordsAr: 'مكيف، تبريد' });
  });

  it('names them in Arabic', () => {
    renderInApp(<Harness initial={filled} onSubmit={async () => undefined} />, 'ar');
    expect(screen.getByRole('textbox', { name: 'كلمات البحث (بالعربية)' })).toBeTruthy();
    expect(screen.getByText(/كلمات أخرى قد يبحث بها النزلاء/)).toBeTruthy();
  });

  it('lists and exports them', () => {
    const row = { id: 1, serviceCode: 'AC', nameEn: 'Air conditioning repair', nameAr: 'إصلاح التكييف', searchWordsEn: 'AC', searchWordsAr: 'مكيف' } as Service;
    const sheet = exportSheet(service.columns(i18next.getFixedT('en'), 'en', {}), [row]);
    expect(sheet.headers).toEqual(expect.arrayContaining(['Search words (English)', 'Search words (Arabic)']));
    expect(sheet.rows[0]).toEqual(expect.arrayContaining(['AC', 'مكيف']));
  });
});
