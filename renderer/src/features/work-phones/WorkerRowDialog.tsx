import './strings';
import { useAtomValue } from 'jotai';
import type { TFunction } from 'i18next';
import type { Worker } from '@shared';
import { hasClaim, sessionAtom } from '../../session/session';
import { PairPhoneDialog } from './PairPhoneDialog';
import { WorkerPhonesDialog } from './WorkerPhonesDialog';

/** Pairing and unpairing a worker's phones: Basic Data.Worker.Pair. */
export const PAIR_CLAIM = 'Basic Data.Worker.Pair';

/** The Workers screen's row menu: Pair a phone (with the Pair claim), Phones and PIN. */
export function workerMenuItems(_row: Worker, t: TFunction, has: (claim: string) => boolean) {
  return [...(has(PAIR_CLAIM) ? [{ key: 'pair', label: t('phones.pair') }] : []), { key: 'phones', label: t('phones.manage') }];
}

export function WorkerRowDialog({ action, onClose, onChanged }: { action?: { key: string; row: Worker }; onClose(): void; onChanged(): void }) {
  const canPair = hasClaim(useAtomValue(sessionAtom), PAIR_CLAIM);
  if (!action) return null;
  const worker = { id: action.row.id, name: action.row.name };
  if (action.key === 'pair')
    return (
      <PairPhoneDialog
        worker={worker}
        open
        onClose={() => {
          // A phone may have paired meanwhile: the Phones column is read again.
          onChanged();
          onClose();
        }}
      />
    );
  return <WorkerPhonesDialog worker={worker} open canPair={canPair} onClose={onClose} onChanged={onChanged} />;
}
