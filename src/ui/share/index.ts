export { LessonPanel } from './ConfirmReplace';
export { ShareTools } from './ShareTools';
