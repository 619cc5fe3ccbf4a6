import { healthApi } from '../../../lib/api/routes/health';
import { contractRoutes } from '../../http/contract-routes';

export const healthRoutes = () =>
  contractRoutes('/api/health').implement(healthApi.check, () => ({
    status: 200,
    body: { data: { status: 'ok' as const } },
  })).app;
