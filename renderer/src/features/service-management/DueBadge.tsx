import { Badge } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { LineStatus } from '@shared';
import { clockOf, type ClockLevel } from '@shared/service-levels';
import { formatDueTime } from '../../table/format';
import { useNow } from '../../ui/use-now';
import { relativeDueText } from './QueueCells';

/** What the badge reads of a line: its status and the clock fields the server sends. */
export interface DueLine {
  statusName: LineStatus;
  clockStartedAt: string | null;
  acknowledgedAt: string | null;
  acknowledgeDueAt: string | null;
  completeDueAt: string | null;
  /** The server's word at the time of the answer: red even if this computer's clock is behind. */
  isOverdue: boolean;
  /** Asked for a time and still quiet: shown as "Scheduled for …" instead of a due time. */
  scheduledFor?: string | null;
  scheduledQuiet?: boolean;
}

const COLOUR: Record<Exclude<ClockLevel, 'none'>, 'informative' | 'warning' | 'danger'> = { ok: 'informative', amber: 'warning', red: 'danger' };

/**
 * The line's next promise ("Acknowledge by 21:45", "Complete by 22:10"): plain while
 * there is time, amber from 75% of it, red once it has passed. It follows the clock
 * (useNow), so the colour changes on screen without a reload; nothing shows for a line
 * without a target or a closed one. `compact` (a list's cell) shows how far the time is
 * ("in 12 min", "late 5 min"), the sentence with the clock time as its tooltip; its
 * accessible name starts with the words shown (voice control says what it sees).
 */
export function DueBadge({ line, compact = false }: { line: DueLine; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const now = useNow();
  const clock = clockOf({ ...line, status: line.statusName }, new Date(now));
  if (line.scheduledQuiet && line.scheduledFor)
    return (
      <Badge appearance="outline" color="informative" data-testid="scheduled-for">
        {t('queue.scheduledFor', { time: formatDueTime(line.scheduledFor, i18n.language, now) })}
      </Badge>
    );
  if (!clock.dueAt || !clock.dueKind) return null;
  const level = line.isOverdue || clock.isOverdue ? 'red' : clock.level === 'none' ? 'ok' : clock.level;
  const time = formatDueTime(clock.dueAt, i18n.language, now);
  const late = level === 'red';
  const text =
    clock.dueKind === 'acknowledge'
      ? t(late ? 'alerts.lateAcknowledge' : 'alerts.dueAcknowledge', { time })
      : t(late ? 'alerts.lateComplete' : 'alerts.dueComplete', { time });
  if (!compact) {
    return (
      <Badge appearance={level === 'ok' ? 'tint' : 'filled'} color={COLOUR[level]} data-testid="due-badge" data-level={level}>
        {text}
      </Badge>
    );
  }
  const relative = relativeDueText(t, clock.dueAt, now);
  return (
    <Badge appearance={level === 'ok' ? 'tint' : 'filled'} color={COLOUR[level]} data-testid="due-badge" data-level={level} title={text} aria-label={`${relative}, ${text}`}>
      {relative}
    </Badge>
  );
}
