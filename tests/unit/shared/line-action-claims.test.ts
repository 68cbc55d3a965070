import { describe, expect, it } from 'vitest';
import { ALL_CLAIMS, type Claim, LINE_ACTION_CLAIMS, LINE_WRITE_CLAIMS, type LineAction } from '@shared';

describe('line action claims (one map for the server and the admin app)', () => {
  it('names a claim of the catalogue for every action, and write access by assign or complete', () => {
    for (const claim of Object.values(LINE_ACTION_CLAIMS)) expect(ALL_CLAIMS).toContain(claim);
    expect(LINE_WRITE_CLAIMS).toEqual(['Service Management.Service List.Assign', 'Service Management.Service List.Complete']);
  });

  it('does not compile with a misspelt claim or a missing action', () => {
    // @ts-expect-error a claim that is not in the catalogue
    const misspelt: Claim = 'Service Management.Service List.Asign';
    // @ts-expect-error every action must name its claim
    const partial: Record<LineAction, Claim> = { assignDepartment: 'Service Management.Service List.Assign' };
    expect([misspelt, partial]).toHaveLength(2);
  });
});
