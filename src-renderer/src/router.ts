// Screens of the app. Every screen but sign-in needs a session.
import { createRouter, createWebHashHistory, type RouteRecordRaw } from 'vue-router';
import { useSessionStore } from './stores/session';

export const routes: RouteRecordRaw[] = [
  { path: '/', redirect: '/bots' },
  { path: '/sign-in', name: 'sign-in', component: () => import('./views/SignInView.vue'), meta: { public: true } },
  { path: '/bots', name: 'bots', component: () => import('./views/BotsView.vue') },
  {
    path: '/bots/:botId/campaigns',
    name: 'campaigns',
    component: () => import('./views/CampaignsView.vue'),
    props: (r) => ({ botId: Number(r.params.botId) }),
  },
  {
    path: '/bots/:botId/campaigns/new',
    name: 'campaign-new',
    component: () => import('./views/NewCampaignView.vue'),
    props: (r) => ({ botId: Number(r.params.botId) }),
  },
  {
    path: '/campaigns/:campaignId',
    name: 'campaign',
    component: () => import('./views/CampaignDetailView.vue'),
    props: (r) => ({ campaignId: Number(r.params.campaignId) }),
  },
  { path: '/batches', name: 'batches', component: () => import('./views/BatchesView.vue') },
  { path: '/batches/new', name: 'prepare', component: () => import('./views/PrepareView.vue') },
  { path: '/batches/:batchId', name: 'batch', component: () => import('./views/BatchView.vue'), props: (r) => ({ batchId: Number(r.params.batchId) }) },
  { path: '/sync', name: 'sync', component: () => import('./views/SyncView.vue') },
  {
    path: '/campaigns/:campaignId/results',
    name: 'results',
    component: () => import('./views/ResultsView.vue'),
    props: (r) => ({ campaignId: Number(r.params.campaignId) }),
  },
  { path: '/inbound', name: 'inbound', component: () => import('./views/InboundView.vue') },
  { path: '/ledger', name: 'ledger', component: () => import('./views/LedgerView.vue') },
  { path: '/settings', name: 'settings', component: () => import('./views/SettingsView.vue') },
];

export function createAppRouter() {
  // Hash history: the same URLs work from Electron's custom protocol and from the browser host.
  const router = createRouter({ history: createWebHashHistory(), routes });
  router.beforeEach(async (to) => {
    if (to.meta.public) return true;
    const session = useSessionStore();
    // Unread, the status says nobody is signed in: the sign-in screen follows; the session heard why.
    if (!session.status) await session.refresh().catch((error: unknown) => session.noteFailure(error));
    return session.signedIn ? true : { name: 'sign-in', query: { next: to.fullPath } };
  });
  return router;
}
