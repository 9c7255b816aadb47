import { Avatar, Button, Menu, Portal, Text, VisuallyHidden } from '@chakra-ui/react';
import { LuChevronsUpDown } from 'react-icons/lu';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { USER_PAGES } from '../features/accounts/accountPages';
import { useAuth } from '../features/accounts/session/AuthContext';
import { readApiFailure } from '../graphql/errors';
import { useT } from '../lib/i18n';
import { notifyError, notifySuccess } from './toaster';

/** The signed-in person's menu: account pages and Logout. */
interface UserMenuProps {
  /** The sidebar shows the name beside the avatar; compact headers show the avatar only. */
  showName?: boolean;
  placement?: 'top-start' | 'bottom-end';
}

export function UserMenu({ showName = true, placement = 'top-start' }: UserMenuProps) {
  const t = useT();
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  if (!user) return null;
  const name = user.displayName || user.username;

  const onLogout = async () => {
    try {
      await logout();
      notifySuccess(t('Logged out'), t('See you next time!'));
      navigate('/login');
    } catch (error) {
      const failure = readApiFailure(error);
      if (failure.kind === 'rejected') notifyError(t('Logout failed'), failure.message);
      else notifyError(t('Logout error'), t('Could not reach Chorus. Please try again.'));
    }
  };

  return (
    <Menu.Root positioning={{ placement }}>
      <Menu.Trigger asChild>
        {/* Named by its content, not aria-label: the visible name then always starts the accessible
            name (WCAG 2.5.3), whatever the avatar's initials show. */}
        <Button variant="ghost" justifyContent="flex-start" gap="3" px="2" width={showName ? 'full' : 'auto'}>
          <Avatar.Root size="sm" colorPalette="purple" aria-hidden="true">
            <Avatar.Fallback name={name} />
            {user.avatar ? <Avatar.Image src={user.avatar} alt="" /> : null}
          </Avatar.Root>
          {showName ? (
            <>
              <Text as="span" flex="1" textAlign="start" truncate>
                {name}
              </Text>
              <VisuallyHidden>{t(', User menu')}</VisuallyHidden>
              <LuChevronsUpDown aria-hidden="true" />
            </>
          ) : (
            <VisuallyHidden>{t('{name}, User menu', { name })}</VisuallyHidden>
          )}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="56">
            {USER_PAGES.map((item) => (
              <Menu.Item key={item.to} value={item.to} asChild>
                <RouterLink to={item.to}>{t(item.label)}</RouterLink>
              </Menu.Item>
            ))}
            {/* Staff only: the console itself answers 404 to anyone else (features/admin). */}
            {user.role === 'admin' ? (
              <Menu.Item value="/admin" asChild>
                <RouterLink to="/admin">{t('Console')}</RouterLink>
              </Menu.Item>
            ) : null}
            <Menu.Separator />
            <Menu.Item value="logout" color="fg.error" onSelect={() => void onLogout()}>
              {t('Logout')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
