// Publisher: one BrokerProducer member; stop() flushes and closes it once.
#include "relay/publisher.h"

namespace relay {

Publisher::Publisher(const std::string &brokers) : producer_(brokers) {}

void Publisher::publish(const std::string &topic, const std::string &payload) {
  producer_.send({topic, payload}); // SAME: stopnote
}

void Publisher::publishBatch(const std::vector<Record> &records) {
  for (const Record &record : records)
    producer_.send(record); // SAME: drain
}

void Publisher::stop() {
  if (!running_)
    return;
  producer_.flush();
  producer_.close();
  running_ = false;
}

} // namespace relay
