// The admin team's public contract: the dashboard (products, POS sync), the order desk and one
// order. None takes props.
import { defineRemote, exposed } from '../remote-contract.js';

export const adminRemote = defineRemote('mf_admin', {
  AdminDashboard: exposed(),
  OrderDeskPage: exposed(),
  AdminOrderPage: exposed(),
});
