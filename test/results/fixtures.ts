// A campaign case and a call as a service sends them, with only what an example needs changed.
import type { Call, CampaignCase } from '../../src-main/contract';

export function aCase(over: { id?: number; name?: string; final?: boolean; contacted?: boolean; params?: Record<string, unknown> } = {}): CampaignCase {
  return {
    id: over.id ?? 1,
    phone: 3514567890,
    call_count: 1,
    last_updated: '2026-11-20T15:00:00Z',
    case_result: {
      result_id: 5,
      name: over.name ?? 'No contesta',
      is_final: over.final ?? false,
      ...(over.contacted === undefined ? {} : { contacted: over.contacted }),
    },
    call_duration: '00:00:00',
    params: { code: `C${over.id ?? 1}`, first_name: 'Ana', last_name: 'Pérez', debt: 1500, ...over.params },
  };
}

export function aCall(over: { id?: number; at?: string; said?: string[]; promise?: boolean; commitment?: string } = {}): Call {
  return {
    id: over.id ?? 10,
    case_result: 5,
    result: 'ANSWERED',
    gateway_id: 1,
    gateway_status: 'COMPLETED',
    duration: '00:01:00',
    data: {
      transcription: [],
      responses: (over.said ?? []).map((text, time) => ({ text, confidence: 0.9, time })),
      result_id: 5,
      got_promise: over.promise ?? false,
      commitment: over.commitment ?? '',
    },
    extra_metadata: {},
    update_url: '',
    result_url: '',
    is_final: false,
    recording: '',
    phone: '3514567890',
    last_updated: over.at ?? '2026-11-20T15:00:00Z',
  };
}
