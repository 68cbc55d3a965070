import { Button, Field, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, Text, Textarea, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ChatMultipleRegular, LockClosedRegular, PersonChatRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CannedReply, type Language, type LineMessage, type StaffMessageKind, MESSAGE_MAX, endpoints } from '@shared';
import { call } from '../../api/client';
import { keys } from '../../api/query';
import { useData } from '../../api/use-data';
import { handleError, showSuccess } from '../../feedback/handle-error';
import { formatDate } from '../../table/format';
import { useOnce } from '../../ui/use-once';
import { useUnsentReply } from './UnsentReplyGuard';
import './strings';

const useStyles = makeStyles({
  thread: { display: 'flex', flexDirection: 'column', gap: '8px', marginBlock: '8px' },
  message: {
    whiteSpace: 'pre-wrap',
    padding: '8px 12px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    // Griffel flips left to right for Arabic.
    borderLeftWidth: '3px',
    borderLeftStyle: 'solid',
    borderLeftColor: tokens.colorBrandStroke1,
  },
  note: { backgroundColor: tokens.colorPaletteYellowBackground1, borderLeftColor: tokens.colorPaletteMarigoldBorderActive },
  guest: { backgroundColor: tokens.colorNeutralBackground1, borderLeftColor: tokens.colorPaletteGreenBorderActive },
  meta: { color: tokens.colorNeutralForeground3, display: 'flex', gap: '6px', alignItems: 'center', flexWrap: 'wrap' },
  row: { display: 'flex', gap: '8px', alignItems: 'center', flexWrap: 'wrap', marginBlockStart: '8px' },
});

export interface LineThreadProps {
  lineId: number;
  messages: LineMessage[];
  /** Replies may go out now (SPEC §4's reply box); otherwise only the thread shows. */
  canReply: boolean;
  /** The user holds a claim that lets them write on the line. */
  mayWrite: boolean;
  /** The reply box's text: Assign and Complete send it too, so the card owns it. */
  draft: string;
  onDraft(text: string): void;
  /** The guest's language, when known: canned replies are inserted in it. */
  guestLanguage?: Language;
  onSent(): void;
}

/** A line's conversation: the replies and notes so far, and a box to send more. */
export function LineThread({ lineId, messages, canReply, mayWrite, draft, onDraft, guestLanguage, onSent }: LineThreadProps) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const [busy, once] = useOnce();
  const [problem, setProblem] = useState<string>();
  const composing = canReply && mayWrite;
  useUnsentReply(lineId, composing && draft.trim() !== '');

  const send = (kind: StaffMessageKind) =>
    once(async () => {
      const text = draft.trim();
      if (!text) return setProblem(t('thread.empty_text'));
      setProblem(undefined);
      try {
        showSuccess(await call(endpoints.addServiceMessage, { body: { requestDetailsId: lineId, kind, text } }), t(kind === 'note' ? 'thread.noteAdded' : 'thread.sent'));
        onDraft('');
        onSent();
      } catch (err) {
        handleError(err, t('thread.sendFailed'));
      }
    });

  return (
    <section aria-label={t('thread.title')} data-testid="thread">
      {messages.length > 0 && (
        <div className={styles.thread} role="list">
          {messages.map((m) => (
            <div
              key={m.id}
              role="listitem"
              className={mergeClasses(styles.message, m.kind === 'note' && styles.note, m.kind === 'guest' && styles.guest)}
              data-testid={`message-${m.kind}`}
            >
              <Text size={200} className={styles.meta}>
                {m.kind === 'note' ? <LockClosedRegular aria-hidden /> : m.kind === 'guest' ? <PersonChatRegular aria-hidden /> : <ChatMultipleRegular aria-hidden />}
                <span>{t(m.kind === 'note' ? 'thread.internal' : m.kind === 'guest' ? 'thread.fromGuest' : 'thread.guestSees')}</span>
                <span>
                  <bdi>
                    {m.kind === 'guest'
                      ? formatDate(m.createdAt, i18n.language)
                      : t('thread.by', { name: m.authorName ?? t('thread.unknownAuthor'), time: formatDate(m.createdAt, i18n.language) })}
                  </bdi>
                </span>
              </Text>
              <Text block dir="auto">
                {m.text}
              </Text>
            </div>
          ))}
        </div>
      )}
      {composing && (
        <>
          <Field label={t('line.reply')} validationMessage={problem}>
            <Textarea value={draft} onChange={(_, d) => (onDraft(d.value), setProblem(undefined))} maxLength={MESSAGE_MAX} dir="auto" resize="vertical" />
          </Field>
          <div className={styles.row}>
            <Button appearance="primary" disabled={busy} onClick={() => void send('reply')}>
              {t('thread.send')}
            </Button>
            <Button icon={<LockClosedRegular />} disabled={busy} onClick={() => void send('note')}>
              {t('thread.addNote')}
            </Button>
            <CannedReplyMenu language={guestLanguage ?? (i18n.language === 'ar' ? 'ar' : 'en')} onPick={(text) => onDraft(draft.trim() ? `${draft.trimEnd()}\n${text}` : text)} />
          </div>
        </>
      )}
    </section>
  );
}

/**
 * The Admin's canned replies, one click inserts one in `language` (the guest's when known).
 * Read when the menu first opens, through the cache the Canned Replies screen shares
 * (keys.cannedReplies: its changes re-read them); every card's menu uses the same answer.
 */
export function CannedReplyMenu({ language, onPick }: { language: Language; onPick(text: string): void }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const { data: replies, loading, failed } = useData(keys.cannedReplies, () => call(endpoints.cannedReplies.list), t('thread.manage.loadFailed'), { enabled: open });
  const textIn = (r: CannedReply, lang: Language) => (lang === 'ar' ? r.textAr : r.textEn);
  const textOf = (r: CannedReply) => textIn(r, language);
  // The guest's text is what goes in; a reader of the other language sees theirs beneath it, to know what they send.
  const readerLanguage: Language = i18n.language === 'ar' ? 'ar' : 'en';
  return (
    <Menu open={open} onOpenChange={(_, d) => setOpen(d.open)}>
      <MenuTrigger disableButtonEnhancement>
        <Button appearance="subtle">{t('thread.canned')}</Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList aria-label={t('thread.cannedIn', { language: t(`thread.languages.${language}`) })}>
          {!replies && loading && <MenuItem disabled>{t('app.loading')}</MenuItem>}
          {!replies && failed && <MenuItem disabled>{t('thread.manage.loadFailed')}</MenuItem>}
          {replies?.length === 0 && <MenuItem disabled>{t('thread.cannedNone')}</MenuItem>}
          {replies?.map((r) => (
            <MenuItem key={r.id} onClick={() => onPick(textOf(r))}>
              <span dir="auto">{textOf(r)}</span>
              {readerLanguage !== language && textIn(r, readerLanguage) !== textOf(r) && (
                <Text block size={200} dir="auto" lang={readerLanguage}>
                  {textIn(r, readerLanguage)}
                </Text>
              )}
            </MenuItem>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
