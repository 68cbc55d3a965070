import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../guest-web/src/i18n/en';
import { CustomerFields } from '../../guest-web/src/service/CustomerFields';
import { type Draft, emptyDraft, validateDraft } from '../../guest-web/src/service/draft';
import { loadPhonePlan } from '../../guest-web/src/service/phone-plan';
import { i18nReady } from './setup';

/** The guest's fields as the request page shows them once a submit was tried: every problem under its field. */
function Harness({ initial }: { initial?: Partial<Draft> }) {
  const [draft, setDraft] = useState<Draft>({ ...emptyDraft(), ...initial });
  const errors = validateDraft(draft);
  return (
    <>
      <CustomerFields draft={draft} errors={{ custPhone: errors.custPhone }} update={(patch) => setDraft((d) => ({ ...d, ...patch }))} />
      <output>{`${draft.dialCode}|${draft.phoneNumber}`}</output>
    </>
  );
}

const phoneField = () => screen.getByRole('textbox', { name: /mobile number|رقم الجوال/i });
const phoneMessage = () => document.getElementById('custPhone-error')?.textContent ?? '';

describe("a guest's foreign number", () => {
  beforeAll(async () => {
    await i18nReady;
    await loadPhonePlan();
  });
  afterEach(async () => {
    cleanup();
    await i18next.changeLanguage('en');
  });

  it('takes +49 151 2345678 typed whole into the number field: the code moves to the picker, nothing is refused', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(phoneField(), '+49 151 2345678');
    await user.tab();
    expect(document.querySelector('output')!.textContent).toBe('+49|151 2345678');
    expect(phoneMessage()).toBe('');
  });

  it("checks the chosen country's numbering plan and shows that country's example, not a Saudi one", async () => {
    const user = userEvent.setup();
    render(<Harness initial={{ dialCode: '+44', phoneNumber: '' }} />);
    expect(phoneField().getAttribute('placeholder')).toBe('7400 123456');
    // Six digits pass SPEC's pattern and the length rule, not the British plan.
    await user.type(phoneField(), '123456');
    expect(phoneMessage()).toContain('United Kingdom');
    expect(phoneMessage()).toContain('7400 123456');
    expect(phoneMessage()).not.toContain('55 123 4567');
    await user.clear(phoneField());
    await user.type(phoneField(), '7400 123456');
    expect(phoneMessage()).toBe('');
  });

  it('says it in Arabic, with the example left to right', async () => {
    await i18next.changeLanguage('ar');
    render(<Harness initial={{ dialCode: '+44', phoneNumber: '123456' }} />);
    expect(phoneMessage()).toBe('يرجى إدخال رقم جوال صحيح في المملكة المتحدة، مثل \u20667400 123456\u2069');
  });

  it('keeps refusing what the Saudi plan refuses, with the Saudi example', () => {
    render(<Harness initial={{ phoneNumber: '12 345 678' }} />);
    expect(phoneMessage()).toContain('51 234 5678');
  });
});

/** What the form does as the guest types (guest-keeps.spec before); the rules themselves: phone.test.ts and draft.test.ts. */
describe("the guest's name and number as typed", () => {
  beforeAll(async () => {
    await i18nReady;
    await loadPhonePlan();
  });
  afterEach(cleanup);

  it('the name takes at most 200 characters and says so', () => {
    render(<Harness />);
    expect(screen.getByLabelText(en.service.name).getAttribute('maxlength')).toBe('200');
    expect(screen.getByText(en.service.nameHint.replace('{{max}}', '200'))).toBeTruthy();
  });

  it('shows Arabic digits as typed in Latin digits, and says when a number is too short or too long (E.164)', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(phoneField(), '٠٥٠ ١٢٣ ٤٥٦٧');
    expect((phoneField() as HTMLInputElement).value).toBe('050 123 4567');
    await user.clear(phoneField());
    await user.type(phoneField(), '12345');
    expect(phoneMessage()).toBe(en.validation.phoneShort);
    await user.clear(phoneField());
    await user.type(phoneField(), '1234 5678 9012 3');
    expect(phoneMessage()).toBe(en.validation.phoneLong);
  });
});
