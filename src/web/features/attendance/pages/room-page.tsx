import { useEffect } from 'react';
import { useParams } from 'wouter';
import { ApiError } from '../../../lib/api';
import { formatDate } from '../../../lib/dates';
import { useRoom } from '../api/door-queries';
import { AgendaClockFace } from '../door/agenda-clock';

/**
 * The room's second screen: the agenda timer, large, from a read-only link made at the door.
 * No sign-in and no member's name; it reads the timer every few seconds and ticks on its own between.
 */
export default function RoomPage() {
  const { token = '' } = useParams<{ token: string }>();
  const room = useRoom(token);
  useEffect(() => {
    document.title = room.data ? `${room.data.chapterName}: agenda` : 'Meeting agenda';
  }, [room.data]);
  return (
    <main className="flex min-h-screen flex-col bg-slate-950 px-6 py-8 text-white">
      {room.data ? (
        <>
          <h1 className="text-2xl font-semibold text-slate-200">
            {room.data.chapterName} · {formatDate(room.data.meetingDate, 'long')}
          </h1>
          <div className="flex flex-1 items-center justify-center">
            <div className="w-full">
              <AgendaClockFace state={room.data.agenda} large />
            </div>
          </div>
        </>
      ) : room.isError ? (
        <div role="alert" className="m-auto max-w-xl text-center text-2xl">
          {room.error instanceof ApiError && room.error.status !== 503
            ? 'This display link has expired or is not valid. Open a new one from meeting mode.'
            : 'We could not reach the meeting. Trying again...'}
        </div>
      ) : (
        <p role="status" className="m-auto text-2xl text-slate-300">
          Loading the agenda...
        </p>
      )}
    </main>
  );
}
