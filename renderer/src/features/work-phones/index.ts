// What other features use of workers' phones: its strings (the phones table), a line's photos, the worker row's menu and dialogs, a task's steps.
import './strings';
export { LinePhotos } from './LinePhotos';
export { workerStep } from './pairing';
export { WorkerRowDialog, workerMenuItems } from './WorkerRowDialog';
