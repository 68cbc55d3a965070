import { Button, Field, Textarea, makeStyles } from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CANNED_REPLY_MAX, type CannedReply, type CannedReplyInput, endpoints } from '@shared';
import { call } from '../../api/client';
import { keys } from '../../api/query';
import { useData } from '../../api/use-data';
import { handleError, showSuccess } from '../../feedback/handle-error';
import { hasClaim, sessionAtom } from '../../session/session';
import { DataTable, type TableColumn } from '../../table/DataTable';
import { formatDate } from '../../table/format';
import { Collapse } from '../../ui/Collapse';
import { Panel } from '../../ui/Panel';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { DeleteDialog } from '../../ui/DeleteDialog';
import { EditDialog } from '../../ui/EditDialog';
import { excelDate } from '../../table/export-columns';
import { exportButton } from '../../ui/ExportButton';

const useStyles = makeStyles({ form: { display: 'grid', gap: '12px', maxWidth: '720px' } });
const CLAIM = 'Administration.Canned Replies' as const;
const EMPTY: CannedReplyInput = { textEn: '', textAr: '' };

/** /Admin/Administration/CannedReplies: the bilingual ready-made replies staff insert with one click. */
export function CannedRepliesScreen() {
  const { t, i18n } = useTranslation();
  const session = useAtomValue(sessionAtom);
  const can = (action: 'Create' | 'Edit' | 'Delete') => hasClaim(session, `${CLAIM}.${action}`);
  // Through the query cache, like every list; changes here re-read it.
  const replies = useData(keys.cannedReplies, () => call(endpoints.cannedReplies.list), t('thread.manage.loadFailed'));
  const rows = useMemo(() => replies.data ?? [], [replies.data]);
  const loading = replies.loading;
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<CannedReply>();
  const [removing, setRemoving] = useState<CannedReply>();
  const textOf = useCallback((r: CannedReply) => (i18n.language === 'ar' ? r.textAr : r.textEn), [i18n.language]);

  const load = replies.invalidate;

  const save = async (input: CannedReplyInput) => {
    try {
      const answer = editing
        ? await call(endpoints.cannedReplies.edit, { params: { id: editing.id }, body: input })
        : await call(endpoints.cannedReplies.add, { body: input });
      showSuccess(answer, t(editing ? 'crud.updated' : 'crud.added'));
      setEditing(undefined);
      setAdding(false);
      void load();
      return true;
    } catch (err) {
      handleError(err, t('thread.manage.saveFailed'));
      return false;
    }
  };
  const remove = async () => {
    if (!removing) return;
    try {
      showSuccess(await call(endpoints.cannedReplies.remove, { params: { id: removing.id } }), t('crud.removed'));
      setRemoving(undefined);
      void load();
    } catch (err) {
      handleError(err, t('thread.manage.removeFailed'));
    }
  };

  const columns = useMemo<TableColumn<CannedReply>[]>(
    () => [
      { id: 'textEn', header: t('thread.manage.textEn'), value: (r) => r.textEn, flex: 3, render: (r) => <bdi dir="ltr">{r.textEn}</bdi> },
      { id: 'textAr', header: t('thread.manage.textAr'), value: (r) => r.textAr, flex: 3, render: (r) => <bdi dir="rtl">{r.textAr}</bdi> },
      { id: 'createdAt', header: t('fields.createdAt'), value: (r) => formatDate(r.createdAt, i18n.language), exportValue: (r) => excelDate(r.createdAt) },
    ],
    [t, i18n.language],
  );

  return (
    <section data-testid="screen-CannedReplies">
      <ScreenHeader title={t('thread.manage.title')} adding={adding} onToggleAdd={can('Create') ? () => setAdding((a) => !a) : undefined} />
      {can('Create') && (
        <Collapse open={adding} testId="create-panel">
          <Panel>
            <CannedReplyForm key={String(adding)} initial={EMPTY} submitLabel={t('thread.manage.add')} onSubmit={save} />
          </Panel>
        </Collapse>
      )}
      <Panel>
        <DataTable
          rows={rows}
          columns={columns}
          rowName={textOf}
          loading={loading}
          onEdit={can('Edit') ? setEditing : undefined}
          onDelete={can('Delete') ? setRemoving : undefined}
          renderExport={exportButton(t('thread.manage.title'))}
        />
      </Panel>
      <EditDialog open={!!editing} title={t('thread.manage.editTitle')} onClose={() => setEditing(undefined)}>
        {editing && <CannedReplyForm initial={editing} submitLabel={t('common.update')} onSubmit={save} />}
      </EditDialog>
      <DeleteDialog open={!!removing} title={t('thread.manage.deleteTitle')} name={removing ? textOf(removing) : ''} onCancel={() => setRemoving(undefined)} onConfirm={remove} />
    </section>
  );
}

/** Both texts are required; each field says so itself rather than a toast. */
function CannedReplyForm({ initial, submitLabel, onSubmit }: { initial: CannedReplyInput; submitLabel: string; onSubmit(input: CannedReplyInput): Promise<boolean> }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [values, setValues] = useState<CannedReplyInput>({ textEn: initial.textEn, textAr: initial.textAr });
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const missing = (field: keyof CannedReplyInput) => (tried && !values[field].trim() ? t('thread.manage.required') : undefined);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!values.textEn.trim() || !values.textAr.trim() || busy) return;
    setBusy(true);
    if (await onSubmit(values)) setValues(EMPTY);
    setBusy(false);
    setTried(false);
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <Field label={t('thread.manage.textEn')} required validationMessage={missing('textEn')}>
        <Textarea dir="ltr" value={values.textEn} maxLength={CANNED_REPLY_MAX} onChange={(_, d) => setValues({ ...values, textEn: d.value })} />
      </Field>
      <Field label={t('thread.manage.textAr')} required validationMessage={missing('textAr')}>
        <Textarea dir="rtl" value={values.textAr} maxLength={CANNED_REPLY_MAX} onChange={(_, d) => setValues({ ...values, textAr: d.value })} />
      </Field>
      <div>
        <Button appearance="primary" type="submit" disabled={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
