import { describeOutboxDelivery } from "./outbox-delivery.scenario";

describeOutboxDelivery("embedded");
