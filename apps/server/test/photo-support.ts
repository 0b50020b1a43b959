import sharp from 'sharp';

// Photos as phones make them, for the tests of what the server keeps of one (FIND-09, CONDO-15).

/** A phone's JPEG: 3000 × 2000, turned by EXIF (orientation 6), with a camera, a GPS position, XMP and an ICC profile. */
export async function phoneJpeg(): Promise<Buffer> {
  const xmp =
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>';
  return sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#3a7' } })
    .withMetadata({
      orientation: 6,
      icc: 'p3',
      exif: {
        IFD0: { Make: 'Apple', Model: 'iPhone 15', Copyright: 'Joana' },
        IFD3: {
          GPSLatitudeRef: 'S',
          GPSLatitude: '19/1 55/1 0/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '43/1 56/1 0/1',
        },
      },
    })
    .withXmp(xmp)
    .jpeg()
    .toBuffer();
}
