export {
  createPrivateGateway, DEFAULT_WALLET_INTERVAL_MS, type PrivateGateway, type PrivateGatewayOptions, type SocketInfo,
} from './gateway';
export { CLASSIC_TOPICS, SHARED_TOPICS, UPGRADE_TOPIC, USER_TOPICS, UTA_TOPICS, PRIVATE_ERRORS } from './topics';
