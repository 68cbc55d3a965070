import { endpoints, type StaffServiceDetails } from '@shared';
import { call } from '../../api/client';

/**
 * GetServiceDetails of one line, as the service page and a request page's cards read it
 * (they share keys.lineDetails): an answer without its line is refused ('invalid').
 */
export async function fetchLineDetails(id: number, opened = false): Promise<StaffServiceDetails> {
  // Only the line's own page reads the guest's messages; a request page's card looking up workers does not.
  const answer = await call(endpoints.serviceDetails, { params: { id }, query: opened ? { read: 'true' } : {} });
  if (!answer?.serviceDetails) throw new Error('invalid');
  return answer;
}
