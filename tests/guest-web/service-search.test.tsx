import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServiceLookupGroup } from '@shared';
import { searchServices } from '../../guest-web/src/service/service-search';
import { ServiceSelect } from '../../guest-web/src/service/ServiceSelect';
import { ServiceLines } from '../../guest-web/src/service/ServiceLines';
import { emptyDraft } from '../../guest-web/src/service/draft';
import { i18nReady } from './setup';

const GROUPS: ServiceLookupGroup[] = [
  { name: 'Housekeeping', services: [{ id: 1, name: 'Extra towels' }, { id: 2, name: 'Room cleaning' }] },
  { name: 'Food & Drink', services: [{ id: 3, name: 'Café latte' }, { id: 4, name: 'Room service breakfast' }] },
  { name: 'Other', services: [{ id: 5, name: 'Special Request', isSpecial: true }] },
  { name: 'Empty group', services: [] },
];

describe('searchServices', () => {
  it('keeps the groups, drops groups without services', () => {
    const result = searchServices(GROUPS, '');
    expect(result.empty).toBe('none');
    expect(result.groups.map((g) => g.name)).toEqual(['Housekeeping', 'Food & Drink', 'Other']);
  });

  it('matches service names across groups, ignoring case and accents', () => {
    const result = searchServices(GROUPS, 'ROOM');
    expect(result.groups.map((g) => [g.name, g.services.map((s) => s.id)])).toEqual([
      ['Housekeeping', [2]],
      ['Food & Drink', [4]],
    ]);
    expect(searchServices(GROUPS, 'cafe').groups[0].services[0].id).toBe(3);
  });

  it('a group name match brings the whole group', () => {
    expect(searchServices(GROUPS, 'housekeeping').groups[0].services).toHaveLength(2);
  });

  it('ignores Arabic diacritics', () => {
    const ar = [{ name: 'الطعام', services: [{ id: 7, name: 'قَهْوَة' }] }];
    expect(searchServices(ar, 'قهوة').groups).toHaveLength(1);
  });

  it('finds a service by its search words and its other name, however the Arabic is spelt', () => {
    const groups: ServiceLookupGroup[] = [
      { name: 'الصيانة', services: [{ id: 8, name: 'إصلاح التكييف', keywords: 'Air conditioning repair AC مكيف، تبريد' }, { id: 9, name: 'تغيير مصباح', keywords: 'Light bulb replacement' }] },
      { name: 'أخرى', services: [{ id: 10, name: 'طلب خاص', isSpecial: true }] },
    ];
    const ids = (term: string) => searchServices(groups, term).groups.flatMap((g) => g.services.map((x) => x.id));
    expect(ids('مكيف')).toEqual([8]);
    expect(ids('مُكَيَّف')).toEqual([8]);
    expect(ids('AC')).toEqual([8]);
    expect(ids('air condition')).toEqual([8]);
    expect(ids('اصلاح')).toEqual([8]);
    expect(ids('صيانه مصباح')).toEqual([9]);
    expect(ids('طلب خاصة')).toEqual([]);
  });

  it('tells "no match" apart from "nothing to offer"', () => {
    expect(searchServices(GROUPS, 'helicopter').empty).toBe('noMatch');
    expect(searchServices([], '').empty).toBe('noServices');
    expect(searchServices([{ name: 'x', services: [] }], 'a').empty).toBe('noServices');
  });
});

function Harness({ groups, onPick, onSpecialRequest }: { groups: ServiceLookupGroup[]; onPick?: (id: number) => void; onSpecialRequest?: (term: string) => void }) {
  const [value, setValue] = useState<number | null>(null);
  return <ServiceSelect id="s1" label="Service 1" groups={groups} value={value} onChange={(id) => (setValue(id), onPick?.(id))} onSpecialRequest={onSpecialRequest} />;
}

describe('ServiceSelect', () => {
  beforeAll(() => i18nReady);
  // Fake timers and synchronous events: the 300 ms are the test's clock, not the machine's.
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });
  const type = (box: HTMLElement, text: string) => {
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: text } });
  };
  const wait = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

  it('shows grouped options and filters only after the 300 ms pause', () => {
    render(<Harness groups={GROUPS} />);
    const box = screen.getByRole('combobox', { name: 'Service 1' });
    fireEvent.focus(box);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('group').map((g) => g.getAttribute('aria-label'))).toEqual(['Housekeeping', 'Food & Drink', 'Other']);
    expect(screen.getAllByRole('option')).toHaveLength(5);

    type(box, 'towel');
    wait(250);
    expect(screen.getAllByRole('option')).toHaveLength(5);
    wait(50);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Extra towels']);
  });

  it('restarts the pause on every keystroke', () => {
    render(<Harness groups={GROUPS} />);
    const box = screen.getByRole('combobox');
    type(box, 'ro');
    wait(200);
    type(box, 'room c');
    wait(200);
    expect(screen.getAllByRole('option')).toHaveLength(5);
    wait(100);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Room cleaning']);
  });

  it('says no services were found for the term', () => {
    render(<Harness groups={GROUPS} />);
    type(screen.getByRole('combobox'), 'helicopter');
    wait(300);
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByRole('status').textContent).toBe('No services found for "helicopter"');
  });

  it('says no services are available when there are none', () => {
    render(<Harness groups={[]} />);
    fireEvent.focus(screen.getByRole('combobox'));
    expect(screen.getByRole('status').textContent).toBe('No services available');
  });

  it('picks with the keyboard and shows the chosen name', () => {
    const picked = vi.fn();
    render(<Harness groups={GROUPS} onPick={picked} />);
    const box = screen.getByRole('combobox');
    type(box, 'special');
    wait(300);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'Special Request' }).id);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(picked).toHaveBeenCalledWith(5);
    expect(box).toHaveProperty('value', 'Special Request');
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('picks by tapping an option', () => {
    const picked = vi.fn();
    render(<Harness groups={GROUPS} onPick={picked} />);
    fireEvent.focus(screen.getByRole('combobox'));
    fireEvent.click(screen.getByRole('option', { name: 'Café latte' }));
    expect(picked).toHaveBeenCalledWith(3);
  });

  it('Escape closes the list without choosing', () => {
    const picked = vi.fn();
    render(<Harness groups={GROUPS} onPick={picked} />);
    const box = screen.getByRole('combobox');
    fireEvent.focus(box);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(picked).not.toHaveBeenCalled();
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('offers to ask for what found nothing as a Special Request, also after the list closes', () => {
    const offered = vi.fn();
    render(<Harness groups={GROUPS} onSpecialRequest={offered} />);
    const box = screen.getByRole('combobox');
    type(box, 'towel');
    wait(300);
    expect(screen.queryByRole('button')).toBeNull();
    type(box, ' helicopter ride ');
    wait(300);
    expect(screen.getByRole('button', { name: 'Ask for "helicopter ride" as a Special Request' })).toBeTruthy();
    // Tabbing away closes the list; the offer stays for the guest to reach.
    fireEvent.blur(box);
    expect(box.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Ask for "helicopter ride" as a Special Request' }));
    expect(offered).toHaveBeenCalledWith('helicopter ride');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('makes no offer where there is no Special Request to turn to', () => {
    render(<Harness groups={GROUPS} />);
    type(screen.getByRole('combobox'), 'helicopter');
    wait(300);
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('ServiceLines: the Special Request offer', () => {
  beforeAll(() => i18nReady);
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  function Lines() {
    const [draft, setDraft] = useState(emptyDraft());
    return (
      <>
        <ServiceLines draft={draft} errors={{}} update={(patch) => setDraft((d) => ({ ...d, ...patch }))} groups={GROUPS} />
        <output data-testid="draft">{JSON.stringify(draft.lines)}</output>
      </>
    );
  }

  it('turns the line into a Special Request with the words the guest typed as its details', async () => {
    render(<Lines />);
    const box = screen.getByRole('combobox', { name: 'Service 1' });
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'a birthday cake' } });
    act(() => void vi.advanceTimersByTime(300));
    fireEvent.click(screen.getByRole('button', { name: 'Ask for "a birthday cake" as a Special Request' }));
    expect(JSON.parse(screen.getByTestId('draft').textContent!)).toEqual([{ key: 1, serviceId: 5, note: 'a birthday cake' }]);
    expect(box).toHaveProperty('value', 'Special Request');
    expect(screen.getByLabelText('Details (required)')).toHaveProperty('value', 'a birthday cake');
    act(() => void vi.advanceTimersByTime(50));
  });
});
