/** Strings of the guest-link work: the QR print dialog and the "unverified room" flag, under `qrLinks`. */
export const guestLinksEn = {
  address: 'The codes will open',
  loopback: 'This address only works on this computer: no guest phone can open it. Set PUBLIC_URL to an address guests can reach, or print anyway.',
  loopbackPick: "This address only works on this computer: no guest phone can open it. Choose one of this computer's network addresses, or print anyway.",
  confirmLoopback: 'Print with this address anyway',
  rotate: 'New codes (codes printed before stop being verified)',
  rotateTitle: 'Make new codes?',
  rotateConfirm: 'Every QR code printed before for {{hotel}} stops verifying its room at once: guests scanning an old code are marked "Unverified room" until the new sheet is put up. Make new codes and print them?',
  rotateNow: 'Make new codes and print',
  hint: 'Each code is signed for its room; a request from a code that is not is marked "Unverified room".',
  printNow: 'Print',
  tryAddress: 'Open the guest page at this address',
  unverified: 'Unverified room',
  unverifiedHint: 'Sent without the room’s QR code signature: check the room with the guest.',
};
