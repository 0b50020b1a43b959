import { useEffect, useRef } from 'react';

/** A MediaStream in a <video>: the stream is attached once per change, never re-rendered into the element. */
export function StreamVideo({
  stream,
  muted,
  label,
  className,
  self = false,
}: {
  stream: MediaStream | null;
  muted: boolean;
  label: string;
  className: string;
  /** The person's own camera (marked for the tests that tell the two pictures apart). */
  self?: boolean;
}) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (video.current && video.current.srcObject !== stream) video.current.srcObject = stream;
  }, [stream]);
  return (
    <video
      ref={video}
      autoPlay
      playsInline
      muted={muted}
      aria-label={label}
      data-self={self || undefined}
      className={className}
    />
  );
}
