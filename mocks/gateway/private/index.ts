export { createPrivateGateway, USER_TOPICS, type PrivateGateway, type PrivateGatewayOptions } from './gateway';
