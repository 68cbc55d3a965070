import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { resizePhoto } from './photo';

/** A task form's two buttons: what it sends, and Cancel. */
function FormActions({ submit, onCancel }: { submit: string; onCancel(): void }) {
  const { t } = useTranslation();
  return (
    <div className="actions">
      <button type="submit" className="primary big">
        {submit}
      </button>
      <button type="button" className="secondary big" onClick={onCancel}>
        {t('actions.cancel')}
      </button>
    </div>
  );
}

interface DoneFormProps {
  lineId: number;
  note: string;
  onNote(note: string): void;
  photo?: Blob;
  onPhoto(photo: Blob): void;
  onSubmit(event: FormEvent): void;
  onCancel(): void;
}

/** Done: a note and a photo for the line, both optional. */
export function DoneForm({ lineId, note, onNote, photo, onPhoto, onSubmit, onCancel }: DoneFormProps) {
  const { t } = useTranslation();
  return (
    <form className="stack" onSubmit={onSubmit}>
      <div className="field">
        <label htmlFor={`note-${lineId}`}>{t('actions.note')}</label>
        <textarea id={`note-${lineId}`} value={note} onChange={(e) => onNote(e.target.value)} maxLength={2000} rows={3} />
      </div>
      <div className="field">
        <label htmlFor={`photo-${lineId}`}>{t('actions.photo')}</label>
        <input
          id={`photo-${lineId}`}
          type="file"
          accept="image/*"
          capture="environment"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void resizePhoto(file).then(onPhoto, () => onPhoto(file));
          }}
        />
        {photo && <p className="muted small">{t('actions.photoChosen')}</p>}
      </div>
      <FormActions submit={t('actions.done')} onCancel={onCancel} />
    </form>
  );
}

interface CantDoFormProps {
  lineId: number;
  reason: string;
  onReason(reason: string): void;
  /** Send was pressed without a reason. */
  reasonError: boolean;
  onSubmit(event: FormEvent): void;
  onCancel(): void;
}

/** Can't do: the reason, which is required. */
export function CantDoForm({ lineId, reason, onReason, reasonError, onSubmit, onCancel }: CantDoFormProps) {
  const { t } = useTranslation();
  return (
    <form className="stack" onSubmit={onSubmit} noValidate>
      <div className="field">
        <label htmlFor={`reason-${lineId}`}>{t('actions.reason')}</label>
        <textarea
          id={`reason-${lineId}`}
          value={reason}
          onChange={(e) => onReason(e.target.value)}
          maxLength={500}
          rows={2}
          required
          aria-invalid={reasonError || undefined}
          aria-describedby={reasonError ? `reason-${lineId}-error` : undefined}
        />
        {reasonError && (
          <p id={`reason-${lineId}-error`} className="field-error" role="alert">
            {t('actions.reasonRequired')}
          </p>
        )}
      </div>
      <FormActions submit={t('actions.send')} onCancel={onCancel} />
    </form>
  );
}
