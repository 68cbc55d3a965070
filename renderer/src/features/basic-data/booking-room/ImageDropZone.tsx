import { Text, makeStyles, mergeClasses, shorthands, tokens } from '@fluentui/react-components';
import { ImageAddRegular } from '@fluentui/react-icons';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_MAX_BYTES } from '@shared';

const ACCEPT = ['image/jpeg', 'image/jpg', 'image/png', 'image/webp'];
const MAX_FILES = 10;

const useStyles = makeStyles({
  zone: {
    ...shorthands.border('2px', 'dashed', tokens.colorNeutralStroke1),
    borderRadius: tokens.borderRadiusLarge,
    padding: '18px',
    textAlign: 'center',
    cursor: 'pointer',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: '4px',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  over: { ...shorthands.borderColor(tokens.colorBrandStroke1), backgroundColor: tokens.colorBrandBackground2 },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** Picks booking-room images: jpeg/jpg/png/webp, several at once, by drop or click (SPEC §5). */
export function ImageDropZone({ files, onChange }: { files: File[]; onChange(files: File[]): void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  const accept = (incoming: File[]) => {
    const problems: string[] = [];
    const good: File[] = [];
    for (const file of incoming) {
      if (!ACCEPT.includes(file.type)) problems.push(`${file.name}: ${t('bookingRoom.fileType', { types: ACCEPT.join(', ') })}`);
      else if (file.size > IMAGE_MAX_BYTES) problems.push(`${file.name}: ${t('bookingRoom.tooLarge', { bytes: IMAGE_MAX_BYTES })}`);
      else if (file.size === 0) problems.push(`${file.name}: ${t('bookingRoom.tooSmall', { bytes: 1 })}`);
      else good.push(file);
    }
    const next = [...files, ...good];
    if (next.length > MAX_FILES) problems.push(t('bookingRoom.tooMany'));
    setErrors(problems);
    onChange(next.slice(0, MAX_FILES));
  };

  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    accept([...e.dataTransfer.files]);
  };

  return (
    <div>
      <div
        role="button"
        tabIndex={0}
        className={mergeClasses(styles.zone, over && styles.over)}
        onClick={() => input.current?.click()}
        onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && input.current?.click()}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        data-testid="image-drop-zone"
      >
        <ImageAddRegular fontSize={28} />
        <Text>{t('bookingRoom.dropHere')}</Text>
        <Text size={200}>{t('bookingRoom.hint')}</Text>
        {files.length > 0 && <Text size={200}>{t('bookingRoom.selected', { count: files.length })}</Text>}
        <input
          ref={input}
          type="file"
          hidden
          multiple
          accept=".jpeg,.jpg,.png,.webp,image/jpeg,image/png,image/webp"
          onChange={(e) => {
            accept([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
      </div>
      {errors.map((message) => (
        <Text as="p" key={message} size={200} className={styles.error}>
          {message}
        </Text>
      ))}
    </div>
  );
}
