import type { ScreenDefinition } from '../registry.js';
import { CertificationsScreen } from './CertificationsScreen.js';

export const certificationScreens: readonly ScreenDefinition[] = [
  { id: 'certifications.home', title: () => 'By country', component: CertificationsScreen },
];
