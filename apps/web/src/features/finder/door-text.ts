import { doorFinderText, type DoorFinderText } from '@toque/contracts/door';
import { useFinderText } from './i18n';

/** CONDO-15 / CONDO-16: the door's texts in the page's language (FIND-03). */
export function useDoorText(): DoorFinderText {
  const { lang } = useFinderText();
  return doorFinderText[lang];
}
