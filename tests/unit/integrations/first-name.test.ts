import { describe, expect, it } from 'vitest';
import { firstNameOf } from '../../../server/src/modules/integrations/stays/first-name';

describe('the first name the guest page may show', () => {
  it('keeps the first word only, and both words of a compound given name', () => {
    expect(firstNameOf('Layla Bint Hassan')).toBe('Layla');
    expect(firstNameOf('  Omar  ')).toBe('Omar');
    expect(firstNameOf('عبد الله محمد')).toBe('عبد الله');
    expect(firstNameOf('Abdul Rahman Al Saud')).toBe('Abdul Rahman');
    expect(firstNameOf('أبو بكر')).toBe('أبو بكر');
    expect(firstNameOf('Abu')).toBe('Abu');
  });

  it('reads "Family, Given" as the PMS may send it, and gives nothing for an empty name', () => {
    expect(firstNameOf('Hassan, Layla')).toBe('Layla');
    expect(firstNameOf('حسن، ليلى')).toBe('ليلى');
    expect(firstNameOf('Hassan,')).toBe('Hassan');
    expect(firstNameOf('   ')).toBe('');
  });
});
