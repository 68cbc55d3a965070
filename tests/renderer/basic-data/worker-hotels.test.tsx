import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Worker } from '@shared';
import { worker } from '../../../renderer/src/features/basic-data/entities/linked';
import { EntityForm } from '../../../renderer/src/features/basic-data/screen/EntityForm';
import { type FormValues, toBody, toValues } from '../../../renderer/src/features/basic-data/screen/types';
import { i18next } from '../../../renderer/src/i18n';
import { exportSheet } from '../../../renderer/src/table/export-columns';
import { renderInApp } from '../render-app';

afterEach(cleanup);

const hotels = [
  { id: 1, name: 'Nile Palace' },
  { id: 2, name: 'Red Sea Resort' },
];

function Harness({ initial, onSubmit, mode = 'create' }: { initial: FormValues; onSubmit(values: FormValues): Promise<void>; mode?: 'create' | 'edit' }) {
  const [values, setValues] = useState(initial);
  return <EntityForm fields={worker.fields} values={values} onChange={setValues} onSubmit={onSubmit} lookups={{ hotels }} mode={mode} submitLabel="Save" />;
}

const filled = { ...toValues(worker.fields), workerCode: 'W1', name: 'Huda', phoneNumber: '+966 55 100 0001' };
const submit = () => fireEvent.submit(screen.getByRole('button', { name: 'Save' }).closest('form')!);

describe('Workers screen: the hotels a worker serves', () => {
  it('asks for at least one hotel before it sends anything, in the reader’s language', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderInApp(<Harness initial={filled} onSubmit={onSubmit} />);
    expect(screen.getByText(/lines of these hotels only/)).toBeTruthy();
    submit();
    expect(await screen.findByText('Choose at least one')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    cleanup();
    renderInApp(<Harness initial={filled} onSubmit={onSubmit} />, 'ar');
    submit();
    expect(await screen.findByText('اختر واحدًا على الأقل')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the hotels chosen as ids', async () => {
    // happy-dom draws no multiselect list to click (as on the Users screen): the choice is set as the form keeps it.
    const onSubmit = vi.fn(async () => undefined);
    renderInApp(<Harness initial={{ ...filled, hotelIds: '1,2' }} onSubmit={onSubmit} />);
    expect(screen.getByRole('combobox', { name: 'Hotels' }).textContent).toContain('Nile Palace, Red Sea Resort');
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const [values] = onSubmit.mock.calls[0] as unknown as [FormValues];
    expect(toBody(worker.fields, values)).toMatchObject({ workerCode: 'W1', hotelIds: [1, 2] });
  });

  it('an edit starts from the worker’s hotels', async () => {
    const row = { id: 5, workerCode: 'W1', name: 'Huda', nameAr: null, phoneNumber: '+966 55 100 0001', departmentId: null, hotelIds: [2] } as unknown as Record<string, unknown>;
    const onSubmit = vi.fn(async () => undefined);
    renderInApp(<Harness initial={toValues(worker.fields, row)} onSubmit={onSubmit} mode="edit" />);
    expect((screen.getByRole('combobox', { name: 'Hotels' }) as HTMLButtonElement).textContent).toContain('Red Sea Resort');
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(toBody(worker.fields, (onSubmit.mock.calls[0] as unknown as [FormValues])[0])).toMatchObject({ hotelIds: [2] });
  });

  it('lists the hotels and says when the upgrade gave a worker every hotel', () => {
    const base = { id: 1, workerCode: 'W1', name: 'Huda', nameAr: null, phoneNumber: '+966', departmentId: null, departmentName: null, phones: 0, openTasks: 0, createdAt: '2026-11-01T08:00:00Z' };
    const rows: Worker[] = [
      { ...base, hotelIds: [1], hotelNames: ['Nile Palace'], hotelsToReview: false },
      { ...base, id: 2, hotelIds: [1, 2], hotelNames: ['Nile Palace', 'Red Sea Resort'], hotelsToReview: true },
    ];
    const sheet = exportSheet(worker.columns(i18next.getFixedT('en'), 'en', {}), rows);
    const col = sheet.headers.indexOf('Hotels');
    expect(col).toBeGreaterThanOrEqual(0);
    expect(sheet.rows[0][col]).toBe('Nile Palace');
    expect(sheet.rows[1][col]).toBe('Nile Palace, Red Sea Resort — Given every hotel by the upgrade: choose its hotels');
  });
});
