/** /t/:code — where a tag's QR code leads the finder (CALL-01/02). */
export { FinderPage } from '../../../features/finder/components/finder-page';
