/** The offers module's public door: what other modules and the app may use. Everything else in this folder is private to it. */
export { offersServiceFor, registerOffersModule } from './offers.module.js';
export { offerEventNotification, offerNotifications } from './offers.notifications.js';
export type { NotifiedOffer, NotifyingOfferEvent } from './offers.notifications.js';
export { formatMoney } from './offers.presenter.js';
