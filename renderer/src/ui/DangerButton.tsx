import { Button, makeStyles, mergeClasses, tokens, type ButtonProps } from '@fluentui/react-components';

const useStyles = makeStyles({
  danger: {
    backgroundColor: tokens.colorPaletteRedBackground3,
    color: tokens.colorNeutralForegroundOnBrand,
    ':hover': { backgroundColor: tokens.colorPaletteRedForeground1, color: tokens.colorNeutralForegroundOnBrand },
    ':hover:active': { backgroundColor: tokens.colorPaletteRedForeground1, color: tokens.colorNeutralForegroundOnBrand },
    ':disabled': { backgroundColor: tokens.colorNeutralBackgroundDisabled, color: tokens.colorNeutralForegroundDisabled },
  },
});

/** The confirm button of an action that removes or refuses something (delete, reject): red, never the brand blue. */
export function DangerButton({ className, ...props }: ButtonProps) {
  const styles = useStyles();
  return <Button appearance="primary" data-intent="danger" {...props} className={mergeClasses(styles.danger, className)} />;
}
