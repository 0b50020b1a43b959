/** /call — the owner answers a finder's call (CALL-04…06). */
export { CallPage } from '../../../features/call/components/call-page';
