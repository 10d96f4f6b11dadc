export { SupportWidget, type SupportWidgetProps } from './SupportWidget';
export type { StaffMember } from './content';
