export { LessonPanel } from './ConfirmReplace';
export { ReceiverCard } from './ReceiverCard';
export { ShareTools } from './ShareTools';
