import ExcelJS from 'exceljs';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Department, Worker } from '@shared';
import { department } from '../../renderer/src/features/basic-data/entities/simple';
import { worker } from '../../renderer/src/features/basic-data/entities/linked';
import { buildXlsx } from '../../renderer/src/ui/export-xlsx';
import { Facts } from '../../renderer/src/ui/Facts';
import { DataTable, type TableColumn } from '../../renderer/src/table/DataTable';
import { Ltr } from '../../renderer/src/ui/Ltr';
import { renderInApp } from './render-app';

afterEach(cleanup);

interface Row {
  id: number;
  name: string;
  phone: string;
}
const rows: Row[] = [{ id: 1, name: 'ليلى', phone: '+966 55 123 4567' }];
const columns: TableColumn<Row>[] = [
  { id: 'name', header: 'الاسم', value: (r) => r.name },
  { id: 'phone', header: 'الهاتف', value: (r) => r.phone, ltr: true },
];

describe('numbers in Arabic screens read left to right', { timeout: 20_000 }, () => {
  it('a table column marked ltr sets its cells left to right; other text keeps its own direction', async () => {
    renderInApp(<DataTable rows={rows} columns={columns} rowName={(r) => r.name} />);
    await waitFor(() => expect(document.querySelector('.ag-cell[col-id="phone"] .cell-text')).not.toBeNull());
    const phone = document.querySelector('.ag-cell[col-id="phone"] .cell-text')!;
    expect(phone.getAttribute('dir')).toBe('ltr');
    expect(phone.textContent).toBe('+966 55 123 4567');
    expect(document.querySelector('.ag-cell[col-id="name"] .cell-text')!.getAttribute('dir')).toBe('auto');
  });

  it('a detail fact marked ltr is isolated left to right; an empty one shows the dash as the page reads', () => {
    renderInApp(<Facts heading="الضيف" facts={[['الهاتف', '+966 551234562', true], ['البريد', 'a@b.c'], ['الغرفة', '', true]]} />);
    const phone = screen.getByText('+966 551234562');
    expect(phone.tagName).toBe('BDI');
    expect(phone.getAttribute('dir')).toBe('ltr');
    expect(screen.getByText('a@b.c').getAttribute('dir')).toBeNull();
    expect(screen.getByText('—').getAttribute('dir')).toBeNull();
  });

  it('Ltr isolates its text', () => {
    render(<Ltr>RQ-000123</Ltr>);
    const code = screen.getByText('RQ-000123');
    expect(code.tagName).toBe('BDI');
    expect(code.getAttribute('dir')).toBe('ltr');
  });

  it('an Arabic export sets the ltr columns to read left to right and keeps their values as typed', async () => {
    const bytes = await buildXlsx('طلبات', { headers: ['الاسم', 'الهاتف'], rows: [['ليلى', '+966 55 123 4567']], ltrColumns: [1] }, true);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getCell('B2').value).toBe('+966 55 123 4567');
    expect(sheet.getCell('B2').alignment?.readingOrder).toBe('ltr');
    expect(sheet.getCell('A2').alignment?.readingOrder).toBeUndefined();
  });
});

describe('the Department and Worker screens', () => {
  const t = ((key: string) => key) as never;
  it('edit an optional Arabic name and list it beside the name', () => {
    for (const fields of [department.fields, worker.fields]) {
      expect(fields.find((f) => f.name === 'nameAr')).toMatchObject({ kind: 'text', required: false });
    }
    expect(department.columns(t, 'ar', {}).map((c) => c.id)).toEqual(['departmentCode', 'name', 'nameAr', 'createdAt']);
    expect(worker.columns(t, 'ar', {}).map((c) => c.id)).toContain('nameAr');
    expect(worker.columns(t, 'ar', {}).find((c) => c.id === 'phoneNumber')?.ltr).toBe(true);
  });

  it('name a row in the reader\'s language, falling back to the English name', () => {
    const row = { id: 1, departmentCode: 'FO', name: 'Front Office', nameAr: 'الاستقبال', workersTakeOpenLines: false, createdAt: '' } as Department;
    expect(department.nameOf(row, 'ar')).toBe('الاستقبال');
    expect(department.nameOf(row, 'en')).toBe('Front Office');
    const unnamed = { id: 2, workerCode: 'W1', name: 'Ahmed', nameAr: null, phoneNumber: '', departmentId: null, departmentName: null, createdAt: '' } as Worker;
    expect(worker.nameOf(unnamed, 'ar')).toBe('Ahmed');
  });
});
