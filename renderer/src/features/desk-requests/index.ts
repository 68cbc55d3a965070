// What other features use of the desk's new request: its button and the guest's tracking QR code.
export { NewRequestButton } from './NewRequestButton';
export { TrackingQr } from './TrackingQr';
