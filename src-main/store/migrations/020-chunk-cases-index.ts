// An upload reads a chunk's waiting cases once or twice a request (chunk_id = ? AND upload_state =
// 'pending'). With no index on chunk_id each read scanned every case of the store: 0.3 s a chunk on a
// 1,000,000-case batch, a thousand chunks. Partial: only cases planned into a chunk and still waiting
// are in it, so a prepared batch pays nothing and a loaded case leaves it.
export const up = `
CREATE INDEX batch_cases_waiting_in_chunk ON batch_cases (chunk_id) WHERE chunk_id IS NOT NULL AND upload_state = 'pending';
`;
