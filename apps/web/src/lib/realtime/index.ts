export type {
  RealtimeClientOptions,
  RealtimeStatus,
  ServerEventOf,
  WebSocketConstructor,
  WebSocketLike,
} from './realtime-client';
export { defaultRealtimeUrl, RealtimeClient } from './realtime-client';
export {
  RealtimeProvider,
  useOptionalRealtimeClient,
  useRealtimeClient,
  useRealtimeEvent,
  useRealtimeStatus,
} from './realtime-context';
