import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, Tooltip } from '@fluentui/react-components';
import { LaptopRegular, KeyResetRegular, LinkRegular, LocalLanguageRegular, MailRegular, MoreHorizontalRegular, PersonAvailableRegular, PersonProhibitedRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints, type User } from '@shared';
import { call } from '../../api/client';
import { handleError } from '../../feedback/handle-error';
import { showToast } from '../../feedback/toast';
import { InvitationLinkDialog } from './InvitationLinkDialog';
import { SwitchOffDialog } from './SwitchOffDialog';
import { ResetTwoFactorDialog } from '../two-factor';
import { UserSessionsDialog } from '../sessions';
import './strings';

export interface UserActionRights {
  /** Administration.Users.Create: resend an invitation, copy its link. */
  canInvite: boolean;
  /** Administration.Users.Edit: change the language of a user's e-mails. */
  canEdit: boolean;
  /** Holds the Admin role: switch users off and on (the server checks it again). */
  isAdmin: boolean;
  /** The signed-in user's e-mail: nobody switches themselves off. */
  selfEmail: string;
}

/** A row's further actions: resend the invitation, copy its link, switch the user off or on. */
export function UserActions({ user, rights, onChanged }: { user: User; rights: UserActionRights; onChanged(): void }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'link' | 'off' | 'two-factor' | 'sessions'>();
  const name = `${user.firstName} ${user.lastName}`;
  const invitable = rights.canInvite && user.isActive && user.invitation.state !== 'accepted';
  const switchable = rights.isAdmin && user.email !== rights.selfEmail.toLowerCase();
  const otherLanguage = user.language === 'ar' ? 'en' : 'ar';
  const resettable = rights.isAdmin && user.twoFactor === true;
  if (!invitable && !switchable && !rights.canEdit && !resettable) return null;

  const resend = async () => {
    try {
      const answer = await call(endpoints.resendInvitation, { body: { userId: user.id } });
      showToast(answer.message, answer.invitation === 'sent' ? 'success' : 'error');
    } catch (err) {
      handleError(err, t('users.resendFailed'));
    }
    onChanged();
  };

  const setLanguage = async () => {
    try {
      const answer = await call(endpoints.setUserLanguage, { body: { userId: user.id, language: otherLanguage } });
      showToast(answer.message, 'success');
      onChanged();
    } catch (err) {
      handleError(err, t('users.switchFailed'));
    }
  };

  const setActive = async (isActive: boolean) => {
    try {
      const answer = await call(endpoints.setUserActive, { body: { userId: user.id, isActive } });
      showToast(answer.message, 'success');
      setDialog(undefined);
      onChanged();
    } catch (err) {
      handleError(err, t('users.switchFailed'));
    }
  };

  const resetTwoFactor = async () => {
    try {
      const answer = await call(endpoints.resetUserTwoFactor, { body: { userId: user.id } });
      showToast(answer.message, 'success');
      setDialog(undefined);
      onChanged();
    } catch (err) {
      handleError(err, t('users.switchFailed'));
    }
  };

  const closeLink = () => {
    setDialog(undefined);
    onChanged();
  };

  const label = t('users.more', { name });
  return (
    <>
      <Menu positioning="below-end">
        <MenuTrigger disableButtonEnhancement>
          <Tooltip content={label} relationship="label">
            <Button size="small" appearance="subtle" icon={<MoreHorizontalRegular />} aria-label={label} data-testid={`user-actions-${user.id}`} />
          </Tooltip>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            {invitable && (
              <MenuItem icon={<MailRegular />} onClick={() => void resend()}>
                {t('users.resend')}
              </MenuItem>
            )}
            {invitable && (
              <MenuItem icon={<LinkRegular />} onClick={() => setDialog('link')}>
                {t('users.copyLink')}
              </MenuItem>
            )}
            {rights.canEdit && (
              <MenuItem icon={<LocalLanguageRegular />} onClick={() => void setLanguage()}>
                {t('users.setLanguage', { language: t(`users.languages.${otherLanguage}`) })}
              </MenuItem>
            )}
            {switchable &&
              (user.isActive ? (
                <MenuItem icon={<PersonProhibitedRegular />} onClick={() => setDialog('off')}>
                  {t('users.switchOff')}
                </MenuItem>
              ) : (
                <MenuItem icon={<PersonAvailableRegular />} onClick={() => void setActive(true)}>
                  {t('users.switchOn')}
                </MenuItem>
              ))}
            {rights.canEdit && (
              <MenuItem icon={<LaptopRegular />} onClick={() => setDialog('sessions')}>
                {t('users.sessions')}
              </MenuItem>
            )}
            {resettable && (
              <MenuItem icon={<KeyResetRegular />} onClick={() => setDialog('two-factor')}>
                {t('twoFactor.admin.reset')}
              </MenuItem>
            )}
          </MenuList>
        </MenuPopover>
      </Menu>
      {dialog === 'link' && <InvitationLinkDialog user={user} name={name} onClose={closeLink} />}
      {dialog === 'two-factor' && <ResetTwoFactorDialog name={name} onCancel={() => setDialog(undefined)} onConfirm={resetTwoFactor} />}
      {dialog === 'sessions' && <UserSessionsDialog userId={user.id} name={name} onClose={() => setDialog(undefined)} />}
      {dialog === 'off' && <SwitchOffDialog name={name} onCancel={() => setDialog(undefined)} onConfirm={() => setActive(false)} />}
    </>
  );
}
