import { describe, expect, it } from 'vitest';
import { afterSubmit, emptyDraft, linkSignature, loadDraft, saveDraft, toRequestBody, validateDraft } from '../../guest-web/src/service/draft';
import { memoryStorage } from './memory-storage';

describe('guest request draft', () => {
  it('reports every required field of an empty form', () => {
    expect(validateDraft(emptyDraft())).toEqual({
      custName: 'validation.nameRequired',
      custEmail: 'validation.emailRequired',
      custPhone: 'validation.phoneRequired',
      hotelId: 'validation.hotelRequired',
      roomId: 'validation.roomRequired',
      'service-1': 'validation.serviceRequired',
    });
  });

  it('uses the SPEC e-mail message for a malformed address', () => {
    expect(validateDraft({ ...emptyDraft(), custEmail: 'guest@hotel' }).custEmail).toBe('validation.email');
  });

  it('builds the AddRequest body with an empty request note and the composed phone', () => {
    const draft = { ...emptyDraft(), custName: ' Sara ', custEmail: 'sara@example.com', phoneNumber: '55 123 4567', hotelId: 3, roomId: 7, lines: [{ key: 1, serviceId: 9, note: 'Two towels' }] };
    expect(validateDraft(draft)).toEqual({});
    expect(toRequestBody(draft)).toEqual({
      custName: 'Sara',
      custEmail: 'sara@example.com',
      custPhone: '+966 55 123 4567',
      hotelId: 3,
      roomId: 7,
      note: '',
      services: [{ serviceId: 9, note: 'Two towels' }],
    });
  });

  it('keeps what was typed across a reload, with the QR link choosing hotel and room', () => {
    const storage = memoryStorage();
    saveDraft({ ...emptyDraft(), custName: 'Sara', hotelId: 1, roomId: 2 }, storage);
    expect(loadDraft(new URLSearchParams(''), storage)).toMatchObject({ custName: 'Sara', hotelId: 1, roomId: 2 });
    expect(loadDraft(new URLSearchParams('hotelId=5&roomId=6'), storage)).toMatchObject({ custName: 'Sara', hotelId: 5, roomId: 6 });
    expect(loadDraft(new URLSearchParams('hotelId=5'), storage)).toMatchObject({ hotelId: 5, roomId: null });
    expect(loadDraft(new URLSearchParams('hotelId=abc&roomId=-1'), storage)).toMatchObject({ hotelId: 1, roomId: 2 });
  });

  it('drops a damaged saved draft', () => {
    const storage = memoryStorage();
    storage.setItem('guest-request-draft', '{not json');
    expect(loadDraft(new URLSearchParams(''), storage)).toEqual(emptyDraft());
  });

  const filled = { ...emptyDraft(), custName: 'Sara', custEmail: 'sara@example.com', phoneNumber: '55 123 4567', hotelId: 3, roomId: 7 };

  it('refuses the same service twice and a Special Request without details', () => {
    const lines = [
      { key: 1, serviceId: 9, note: '' },
      { key: 2, serviceId: 9, note: 'again' },
      { key: 3, serviceId: 4, note: '  ' },
    ];
    expect(validateDraft({ ...filled, lines }, new Set([4]))).toEqual({ 'service-2': 'validation.serviceTwice', 'service-3-note': 'validation.specialNeedsDetails' });
    expect(validateDraft({ ...filled, lines: [{ key: 1, serviceId: 4, note: 'A birthday cake at 8' }] }, new Set([4]))).toEqual({});
  });

  it('refuses a name longer than the server takes', () => {
    expect(validateDraft({ ...filled, custName: 'a'.repeat(201) }).custName).toBe('validation.nameTooLong');
    expect(validateDraft({ ...filled, custName: 'a'.repeat(200), lines: [{ key: 1, serviceId: 1, note: '' }] })).toEqual({});
  });

  it('keeps the guest, hotel and room after a request, with the services starting afresh', () => {
    const sent = { ...filled, lines: [{ key: 4, serviceId: 9, note: 'Towels' }] };
    expect(afterSubmit(sent)).toEqual({ ...filled, lines: emptyDraft().lines });
  });

  it('sends the room link signature only while the form is on the linked hotel and room', () => {
    const storage = memoryStorage();
    const draft = loadDraft(new URLSearchParams('hotelId=3&roomId=7&sig=1.abcDEF_-'), storage);
    expect(linkSignature(draft)).toBe('1.abcDEF_-');
    expect(linkSignature({ ...draft, roomId: 8 })).toBeUndefined();
    expect(linkSignature(loadDraft(new URLSearchParams('hotelId=3&roomId=7&sig=<script>'), storage))).toBeUndefined();
    expect(linkSignature(loadDraft(new URLSearchParams('hotelId=3&roomId=7'), storage))).toBeUndefined();
  });
});
