// What CaseDesk makes of a campaign's status (the service's word, kept as a string: others may come).

/** States in which the service dials (or will dial by itself when the date and window come). */
export const RUNNING_STATES: readonly string[] = ['ONGOING', 'SCHEDULED'];
/** States that loading cases sets going without a start (the spec: PAUSED → ONGOING; SCHEDULED starts by itself). */
export const STARTED_BY_UPLOAD: readonly string[] = ['PAUSED', 'SCHEDULED'];
export const uploadStartsCampaign = (status: string): boolean => STARTED_BY_UPLOAD.includes(status);

/** What an agent can do to a campaign (the service's action of the same name). */
export const CAMPAIGN_ACTIONS = ['start', 'stop', 'end'] as const;
export type CampaignAction = (typeof CAMPAIGN_ACTIONS)[number];
