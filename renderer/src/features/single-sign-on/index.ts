// What other features use of single sign-on: the sign-in settings screen (Administration).
export { SignInSettingsScreen } from './SignInSettingsScreen';
