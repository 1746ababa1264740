// BrokerProducer: buffers records for the upstream broker and refuses them
// once closed.
#include "relay/broker_producer.h"

#include <stdexcept>
#include <utility>

namespace relay {

BrokerProducer::BrokerProducer(std::string brokers) : brokers_(std::move(brokers)) {}

void BrokerProducer::send(const Record &record) {
  if (closed_)
    throw std::runtime_error("Producer closed while send in progress");
  inflight_.push_back(record);
}

void BrokerProducer::flush() {
  if (closed_)
    throw std::runtime_error("Producer closed while send in progress");
  inflight_.clear();
}

void BrokerProducer::close() {
  if (closed_)
    return;
  inflight_.clear();
  closed_ = true;
}

} // namespace relay
