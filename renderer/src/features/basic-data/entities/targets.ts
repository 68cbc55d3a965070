import type { TFunction } from 'i18next';
import type { Targets } from '@shared';
import type { TableColumn } from '../../../table/DataTable';
import type { FieldSpec, TargetText } from '../screen/types';
import '../strings';

/**
 * The two service-level targets on the Service, Service Group and Hotel
 * forms: optional whole minutes; the hint says which level applies when one is empty.
 */
export const targetFields = (hint: TargetText): FieldSpec[] => [
  { name: 'acknowledgeMinutes', label: 'targets.acknowledgeMinutes', kind: 'minutes', required: false, hint },
  { name: 'completeMinutes', label: 'targets.completeMinutes', kind: 'minutes', required: false },
];

/** The list's (and its export's) target columns: the level's own minutes, empty when it inherits. */
export const targetColumns = <Row extends Targets>(t: TFunction): TableColumn<Row>[] => [
  { id: 'acknowledgeMinutes', header: t('targets.acknowledgeColumn'), value: (r) => r.acknowledgeMinutes, fitContent: true },
  { id: 'completeMinutes', header: t('targets.completeColumn'), value: (r) => r.completeMinutes, fitContent: true },
];
