import { endpoints, type StaffServiceDetails } from '@shared';
import { call } from '../../api/client';

/**
 * GetServiceDetails of one line, as the service page and a request page's cards read it
 * (they share keys.lineDetails): an answer without its line is refused ('invalid').
 */
export async function fetchLineDetails(id: number): Promise<StaffServiceDetails> {
  const answer = await call(endpoints.serviceDetails, { params: { id } });
  if (!answer?.serviceDetails) throw new Error('invalid');
  return answer;
}
