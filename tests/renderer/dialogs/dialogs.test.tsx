import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DeleteDialog } from '../../../renderer/src/ui/DeleteDialog';
import { EntityForm } from '../../../renderer/src/features/basic-data/screen/EntityForm';
import { room } from '../../../renderer/src/features/basic-data/entities/linked';
import { company } from '../../../renderer/src/features/basic-data/entities/simple';
import { RejectDialog } from '../../../renderer/src/features/service-management/RejectDialog';
import { i18next, initI18n } from '../../../renderer/src/i18n';
import { renderInApp } from '../render-app';

// happy-dom rejects cancelled Web Animations, which Fluent's dialog cancels on close; without animate() Fluent skips motion.
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'animate', { value: undefined, configurable: true });
});
afterEach(cleanup);

const noop = async () => undefined;

describe('Forms and confirmations say what they do', { timeout: 30_000 }, () => {
  it("an edit form's code is shown read-only (muted, locked, explained); the create form's is editable", () => {
    renderInApp(<EntityForm fields={company.fields} values={{ companyCode: 'NAKHEEL', name: 'Nakheel', countryName: 'Egypt' }} onChange={() => undefined} onSubmit={noop} lookups={{}} mode="edit" submitLabel="Update" />);
    const code = screen.getByRole('textbox', { name: /Company code/ });
    expect(code.hasAttribute('readonly')).toBe(true);
    expect(code.getAttribute('aria-readonly')).toBe('true');
    expect(screen.getByText('The code cannot be changed after creation')).toBeTruthy();
    cleanup();
    renderInApp(<EntityForm fields={company.fields} values={{}} onChange={() => undefined} onSubmit={noop} lookups={{}} mode="create" submitLabel="Add" />);
    expect(screen.getByRole('textbox', { name: /Company code/ }).hasAttribute('readonly')).toBe(false);
    expect(screen.queryByText('The code cannot be changed after creation')).toBeNull();
  });

  it('the room delete question names the hotel, in English and Arabic', () => {
    const row = { id: 1, number: '101', hotelName: 'Nakheel Jeddah', hotelId: 1, useTypeId: 1, useTypeNameAr: '', useTypeNameEn: '', roomTypeId: 1, roomTypeNameAr: '', roomTypeNameEn: '', createdAt: '2026-01-01T00:00:00Z' };
    initI18n('en');
    renderInApp(<DeleteDialog open title="Remove Rooms" name="101" question={room.deleteQuestion!(row, i18next.t)} onCancel={() => undefined} onConfirm={noop} />);
    expect(screen.getByRole('alertdialog').textContent).toContain('Are you sure you want to remove room "101" of Nakheel Jeddah?');
    cleanup();
    initI18n('ar');
    renderInApp(<DeleteDialog open title="حذف" name="101" question={room.deleteQuestion!({ ...row, hotelName: 'نخيل جدة' }, i18next.t)} onCancel={() => undefined} onConfirm={noop} />, 'ar');
    expect(screen.getByRole('alertdialog').textContent).toContain('الغرفة "101" في نخيل جدة');
  });

  it('Remove and Reject are destructive buttons, not the brand primary', () => {
    renderInApp(<DeleteDialog open title="Remove" name="x" onCancel={() => undefined} onConfirm={noop} />);
    expect(screen.getByRole('button', { name: 'Remove' }).getAttribute('data-intent')).toBe('danger');
    cleanup();
    renderInApp(<RejectDialog open busy={false} validate={() => undefined} onCancel={() => undefined} onConfirm={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Reject' }).getAttribute('data-intent')).toBe('danger');
    expect(screen.getByRole('button', { name: 'Cancel' }).getAttribute('data-intent')).toBeNull();
  });
});
