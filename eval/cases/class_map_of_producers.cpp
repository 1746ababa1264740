// Negative: closing one topic's producer leaves the others usable.
#include "messaging.h"
#include <map>
#include <memory>
#include <string>
using namespace kafka;

void retireTopic(std::map<std::string, std::unique_ptr<KafkaProducer>> &byTopic,
                 const std::string &topic, const ProducerRecord &r) {
  byTopic[topic]->close();
  byTopic.erase(topic);
  byTopic[r.Topic]->send(r);
}
