import { Camera } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';

/** How often a camera frame is read for a QR code (a phone keeps up; the battery too). */
const SCAN_EVERY_MS = 250;

type CameraState = 'off' | 'starting' | 'on' | 'unavailable';

/**
 * Reads QR codes from the phone's camera: frames drawn on a canvas and decoded by jsQR (loaded when the camera
 * starts). Each code read is handed over once; the camera stops when the dialog closes.
 */
function useQrCamera(video: React.RefObject<HTMLVideoElement | null>, onCode: (text: string) => void) {
  const [state, setState] = useState<CameraState>('off');
  const stream = useRef<MediaStream | null>(null);
  const last = useRef('');
  const handler = useRef(onCode);
  handler.current = onCode;

  useEffect(() => {
    if (state !== 'starting') return;
    let stopped = false;
    let timer = 0;
    (async () => {
      try {
        const [{ default: jsQR }, media] = await Promise.all([
          import('jsqr'),
          navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }),
        ]);
        if (stopped) {
          for (const track of media.getTracks()) track.stop();
          return;
        }
        stream.current = media;
        const el = video.current;
        if (!el) return;
        el.srcObject = media;
        await el.play();
        setState('on');
        const canvas = document.createElement('canvas');
        const context = canvas.getContext('2d', { willReadFrequently: true });
        const read = () => {
          if (stopped || !context || el.videoWidth === 0) return;
          canvas.width = el.videoWidth;
          canvas.height = el.videoHeight;
          context.drawImage(el, 0, 0);
          const frame = context.getImageData(0, 0, canvas.width, canvas.height);
          const code = jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' });
          if (code?.data && code.data !== last.current) {
            last.current = code.data;
            handler.current(code.data);
          }
        };
        timer = window.setInterval(read, SCAN_EVERY_MS);
      } catch {
        if (!stopped) setState('unavailable');
      }
    })();
    return () => {
      stopped = true;
      window.clearInterval(timer);
      for (const track of stream.current?.getTracks() ?? []) track.stop();
      stream.current = null;
    };
  }, [state, video]);

  const available = typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);
  return { state: available ? state : 'unavailable', start: () => setState('starting') };
}

/**
 * Scanning visitors' tickets at the door: with the camera, one after another, or by typing the code printed
 * under the QR code. Each ticket goes to the taps (kept on the device when offline); the server checks it and
 * the answer ("checked in", "already checked in", or why it is refused) comes back as a toast.
 */
export function ScanTicketDialog({
  onScan,
  onClose,
}: {
  onScan: (ticket: string) => void;
  onClose: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [typed, setTyped] = useState('');
  const [scanned, setScanned] = useState(0);
  const camera = useQrCamera(video, (text) => {
    onScan(text);
    setScanned((n) => n + 1);
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!typed.trim()) return;
    onScan(typed);
    setTyped('');
    setScanned((n) => n + 1);
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-md">
        <DialogTitle>Scan a ticket</DialogTitle>
        <DialogDescription>
          Visitors have their ticket in their confirmation email. Scan its QR code, or type the code under it.
        </DialogDescription>
        <div className="space-y-3">
          <div className="overflow-hidden rounded-md bg-slate-900" hidden={camera.state !== 'on'}>
            <video ref={video} className="aspect-square w-full object-cover" playsInline muted />
          </div>
          {camera.state === 'off' && (
            <Button type="button" className="w-full" onClick={camera.start}>
              <Camera aria-hidden className="size-4" /> Use the camera
            </Button>
          )}
          {camera.state === 'starting' && <p className="text-sm text-slate-700">Starting the camera…</p>}
          {camera.state === 'unavailable' && (
            <p className="text-sm text-slate-700">
              The camera is not available here. Type the ticket code instead.
            </p>
          )}
          {scanned > 0 && (
            <p role="status" className="text-sm text-slate-700" data-testid="tickets-scanned">
              {scanned} ticket{scanned === 1 ? '' : 's'} scanned. Each answer shows as it arrives.
            </p>
          )}
          <form onSubmit={submit} className="space-y-2">
            <label htmlFor="ticket-code" className="block text-sm font-medium text-slate-900">
              Ticket code
            </label>
            <div className="flex gap-2">
              <Input
                id="ticket-code"
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                autoComplete="off"
                spellCheck={false}
                placeholder="v1…"
              />
              <Button type="submit">Check in</Button>
            </div>
          </form>
        </div>
      </DialogContent>
    </Dialog>
  );
}
