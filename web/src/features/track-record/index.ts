export { useTrackRecord } from './api/get-track-record.ts';
export { TrackRecordView } from './components/track-record-view.tsx';
