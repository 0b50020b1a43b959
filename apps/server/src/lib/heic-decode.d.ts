/** heic-decode ships no types: the part FIND-09 uses (lib/photo.ts). */
declare module 'heic-decode' {
  interface DecodedImage {
    width: number;
    height: number;
    data: Uint8ClampedArray;
  }
  interface LazyImage {
    width: number;
    height: number;
    decode(): Promise<DecodedImage>;
  }
  function decode(input: { buffer: Buffer | Uint8Array }): Promise<DecodedImage>;
  namespace decode {
    function all(input: { buffer: Buffer | Uint8Array }): Promise<LazyImage[] & { dispose(): void }>;
  }
  export default decode;
}
