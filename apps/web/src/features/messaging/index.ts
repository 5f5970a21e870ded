/** The messaging feature's public door: what other features and the app may use. Everything else in this folder is private to it. */
export { storeMessage, storeMessagesRead } from './api/message-cache';
export { messagingKeys } from './api/messaging-keys';
export { typingStore } from './api/typing-store';
export { MessagesRoute } from './routes/messages-route';
